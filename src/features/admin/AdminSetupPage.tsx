import { useTranslation } from 'react-i18next';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function AdminSetupPage() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageMeta title={t('adminSetup.meta.title')} description={t('adminSetup.meta.description')} />
      <PageHeader title={t('adminSetup.title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
