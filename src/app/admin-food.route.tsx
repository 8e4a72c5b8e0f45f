import { AdminLoaderPage } from '~/features/admin/AdminLoaderPage';
import { FoodPage } from '~/features/registration/FoodPage';
import { loadFood } from '~/features/registration/food';
import '~/platform/i18n/admin-packs';
import { useTranslation } from '~/platform/i18n/useTranslation';
import type { Route } from './+types/admin-food.route';

// In the app layer: the admin frame (a feature) around the page of another feature, on a loader.
export const loader = ({ context, request }: Route.LoaderArgs) => loadFood(context, request);

export default function AdminFood({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  return (
    <AdminLoaderPage admin={loaderData.admin} title={t('food.title')} description={t('food.countsHelp')}>
      <FoodPage data={loaderData} />
    </AdminLoaderPage>
  );
}
