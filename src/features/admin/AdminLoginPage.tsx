import { useTranslation } from 'react-i18next';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageMeta title={t('adminLogin.meta.title')} description={t('adminLogin.meta.description')} />
      <PageHeader title={t('adminLogin.title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
