import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { formAction } from '~/platform/forms/action.server';
import { formClientAction, formShouldRevalidate } from '~/platform/forms/outcome';
import type { Route } from './+types/contacts.route';
import { contactRequestSchema } from './schema';

import { contactsTexts } from './texts';
import { ContactsPage } from './ContactsPage';

export function loader({ context }: Route.LoaderArgs) {
  return { texts: contentOf(context.get(siteContentContext), contactsTexts) };
}

/** The form on this page, posted with or without scripts (decision 0039). */
export const action = (args: Route.ActionArgs) => formAction(args, { schema: contactRequestSchema });

/** With scripts: the server's answer, or the e-mail fallback when it cannot be reached. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => formClientAction(serverAction);

export const shouldRevalidate = formShouldRevalidate;

export default function Page() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <ContactsPage />
    </PageTexts>
  );
}
