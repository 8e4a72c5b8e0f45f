import { useLoaderData } from 'react-router';
import { contentOf } from '~/platform/content/content-type';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import type { Route } from './+types/safety.route';
import { safetyTexts } from './texts';
import { SafetyPage } from './SafetyPage';

export function loader({ context }: Route.LoaderArgs) {
  return { texts: contentOf(context.get(siteContentContext), safetyTexts) };
}

export default function Page() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <SafetyPage />
    </PageTexts>
  );
}
