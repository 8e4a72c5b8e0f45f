import { useLoaderData } from 'react-router';
import { siteContentContext } from '~/platform/content/context';
import { PageTexts } from '~/platform/content/PageTexts';
import { pageTextsOf } from '~/platform/content/rich-text-loader';
import type { Route } from './+types/safety.route';
import { safetyTexts } from './texts';
import { SafetyPage } from './SafetyPage';

export function loader({ context }: Route.LoaderArgs) {
  return pageTextsOf(context.get(siteContentContext), safetyTexts);
}

export default function Page() {
  const { texts, rich } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts} rich={rich}>
      <SafetyPage />
    </PageTexts>
  );
}
