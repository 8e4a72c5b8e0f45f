import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { formAction, inLanguage } from '~/platform/forms/action.server';
import { formClientAction, formShouldRevalidate } from '~/platform/forms/outcome';
import { PATHS } from '~/platform/paths';
import type { Route } from './+types/registration.route';
import { registrationRequestSchema } from './schema';

import { registrationTexts } from './texts';
import { RegistrationPage } from './RegistrationPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('registration', 'forms');

export function loader({ context }: Route.LoaderArgs) {
  return { texts: contentOf(context.get(siteContentContext), registrationTexts) };
}

/** The form on this page, posted with or without scripts (decision 0039). */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: registrationRequestSchema,
    next: (language) => inLanguage(PATHS.registrationSuccess, language),
  });

/** With scripts: the server's answer, or the e-mail fallback when it cannot be reached. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => formClientAction(serverAction);

export const shouldRevalidate = formShouldRevalidate;

export default function Page() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <RegistrationPage />
    </PageTexts>
  );
}
