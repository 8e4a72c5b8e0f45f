import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { type AdminIdentity, useAdminSession } from '~/platform/admin/api';
import { PageMeta } from '~/platform/ui/PageMeta';
import { Spinner } from '~/platform/ui/Spinner';
import { AdminShell } from './AdminShell';

/**
 * A page of the admin area for a signed-in admin: the frame, the page's title, and its
 * content once the session is known (without one the admin goes to the sign-in page).
 */
export function AdminFrame({
  title,
  children,
}: {
  title: string;
  /** The content, or a function of the signed-in admin that gives it. */
  children: ReactNode | ((admin: AdminIdentity) => ReactNode);
}) {
  const { t } = useTranslation('admin');
  const { admin, logout } = useAdminSession();
  return (
    <AdminShell admin={admin} onLogout={() => void logout()}>
      <PageMeta title={title} description={t('adminDashboard.meta.description')} />
      {admin ? (
        typeof children === 'function' ? (
          children(admin)
        ) : (
          children
        )
      ) : (
        <Spinner label={t('shell.loading')} className="py-32" />
      )}
    </AdminShell>
  );
}
