import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext, siteUrlContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { photosIn } from '~/platform/media/resolve';
import { eventJsonLdScripts } from './event-json-ld';
import { contactsContent } from '~/platform/site-content/contacts';
import { eventContent } from '~/platform/site-content/event';
import type { Route } from './+types/home.route';
import { HomePage } from './HomePage';
import { homeTexts } from './texts';

await loadRoutePacks('gallery');

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  const texts = contentOf(content, homeTexts);
  return {
    texts,
    photos: photosIn(texts, content.media),
    jsonLd: eventJsonLdScripts(
      contentOf(content, eventContent),
      contentOf(content, contactsContent),
      context.get(siteUrlContext),
    ),
  };
}

export default function Home() {
  const { texts, photos, jsonLd } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <HomePage photos={photos} jsonLd={jsonLd} />
    </PageTexts>
  );
}
