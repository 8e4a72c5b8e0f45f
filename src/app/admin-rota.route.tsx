import { AdminLoaderPage } from '~/features/admin/AdminLoaderPage';
import { RotaPage } from '~/features/rota/RotaPage';
import { loadRota } from '~/features/rota/rota';
import '~/platform/i18n/admin-packs';
import { useTranslation } from '~/platform/i18n/useTranslation';
import type { Route } from './+types/admin-rota.route';

// In the app layer: the admin frame (a feature) around the page of another feature, on a loader.
export const loader = ({ context, request }: Route.LoaderArgs) => loadRota(context, request);

export default function AdminRota({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  return (
    <AdminLoaderPage admin={loaderData.admin} title={t('rota.title')} description={t('rota.help')}>
      <RotaPage data={loaderData} />
    </AdminLoaderPage>
  );
}
