import { useTranslation } from 'react-i18next';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function OrderHistoryPage() {
  const { t } = useTranslation('shop');
  return (
    <>
      <PageMeta title={t('orderHistory.meta.title')} description={t('orderHistory.meta.description')} />
      <PageHeader title={t('orderHistory.title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
