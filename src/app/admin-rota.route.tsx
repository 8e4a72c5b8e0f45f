import { AdminShell } from '~/features/admin/AdminShell';
import { RotaPage } from '~/features/rota/RotaPage';
import { loadRota } from '~/features/rota/rota';
import { useAdminLogout } from '~/platform/admin/api';
import '~/platform/i18n/admin-packs';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { PageMeta } from '~/platform/ui/PageMeta';
import type { Route } from './+types/admin-rota.route';

// In the app layer: the admin frame (a feature) around the volunteer rota (another), on a loader.
export const loader = ({ context, request }: Route.LoaderArgs) => loadRota(context, request);

export default function AdminRota({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const logout = useAdminLogout();
  return (
    <AdminShell admin={loaderData.admin} onLogout={() => void logout()}>
      <PageMeta title={t('rota.title')} description={t('rota.help')} />
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('rota.title')}</h1>
      <RotaPage data={loaderData} />
    </AdminShell>
  );
}
