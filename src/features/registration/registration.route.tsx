import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import type { Route } from './+types/registration.route';
import { registrationTexts } from './texts';
import { RegistrationPage } from './RegistrationPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('registration', 'forms');

export function loader({ context }: Route.LoaderArgs) {
  return { texts: contentOf(context.get(siteContentContext), registrationTexts) };
}

export default function Page() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <RegistrationPage />
    </PageTexts>
  );
}
