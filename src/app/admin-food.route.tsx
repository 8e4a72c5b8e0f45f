import { AdminShell } from '~/features/admin/AdminShell';
import { FoodPage } from '~/features/registration/FoodPage';
import { loadFood } from '~/features/registration/food';
import { useAdminLogout } from '~/platform/admin/api';
import '~/platform/i18n/admin-packs';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { PageMeta } from '~/platform/ui/PageMeta';
import type { Route } from './+types/admin-food.route';

// In the app layer: the admin frame (a feature) around the food counts (another), on a loader.
export const loader = ({ context, request }: Route.LoaderArgs) => loadFood(context, request);

export default function AdminFood({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const logout = useAdminLogout();
  return (
    <AdminShell admin={loaderData.admin} onLogout={() => void logout()}>
      <PageMeta title={t('food.title')} description={t('food.countsHelp')} />
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('food.title')}</h1>
      <FoodPage data={loaderData} />
    </AdminShell>
  );
}
