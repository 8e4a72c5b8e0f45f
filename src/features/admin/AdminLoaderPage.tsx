import type { ReactNode } from 'react';
import { useAdminLogout, type AdminIdentity } from '~/platform/admin/api';
import { PageMeta } from '~/platform/ui/PageMeta';
import { AdminShell } from './AdminShell';

/**
 * An admin page on a loader (decision 0052) other than the dashboard: the frame for the
 * signed-in admin its loader read, the page's title as its one heading, then the page.
 */
export function AdminLoaderPage({
  admin,
  title,
  description,
  children,
}: {
  admin: AdminIdentity;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const logout = useAdminLogout();
  return (
    <AdminShell admin={admin} onLogout={() => void logout()}>
      <PageMeta title={title} description={description} />
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
      {children}
    </AdminShell>
  );
}
