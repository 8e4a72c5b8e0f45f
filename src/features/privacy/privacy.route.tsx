import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { pageTextsOf } from '~/platform/content/rich-text-loader';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { retentionContent } from '~/platform/site-content/retention';
import type { Route } from './+types/privacy.route';
import { PrivacyPage } from './PrivacyPage';
import { privacyTexts } from './texts';

// "Lost your link?" (the form is on /mano-duomenys).
await loadRoutePacks('privacy');

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  return { ...pageTextsOf(content, privacyTexts), retention: contentOf(content, retentionContent) };
}

export default function Page() {
  const { texts, rich, retention } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts} rich={rich}>
      <PrivacyPage retention={retention} />
    </PageTexts>
  );
}
