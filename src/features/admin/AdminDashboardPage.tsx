import { useTranslation } from 'react-i18next';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageMeta title={t('adminDashboard.meta.title')} description={t('adminDashboard.meta.description')} />
      <PageHeader title={t('adminDashboard.title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
