import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { pageTextsOf } from '~/platform/content/rich-text-loader';
import { formAction } from '~/platform/forms/action.server';
import { formClientAction, formShouldRevalidate } from '~/platform/forms/outcome';
import { myLinksRequestSchema } from '~/platform/privacy/self-service';
import { retentionContent } from '~/platform/site-content/retention';
import type { Route } from './+types/privacy.route';
import { PrivacyPage } from './PrivacyPage';
import { privacyTexts } from './texts';

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  return { ...pageTextsOf(content, privacyTexts), retention: contentOf(content, retentionContent) };
}

/** "Send me my links", posted with or without scripts (decision 0039). */
export const action = (args: Route.ActionArgs) => formAction(args, { schema: myLinksRequestSchema });

/** With scripts: the server's answer, or the e-mail fallback when it cannot be reached. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => formClientAction(serverAction);

export const shouldRevalidate = formShouldRevalidate;

export default function Page() {
  const { texts, rich, retention } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts} rich={rich}>
      <PrivacyPage retention={retention} />
    </PageTexts>
  );
}
