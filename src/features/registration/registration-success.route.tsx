import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import type { Route } from './+types/registration-success.route';
import { registrationTexts } from './texts';
import { RegistrationSuccessPage } from './RegistrationSuccessPage';

export function loader({ context }: Route.LoaderArgs) {
  return { texts: contentOf(context.get(siteContentContext), registrationTexts) };
}

export default function Page() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <RegistrationSuccessPage />
    </PageTexts>
  );
}
