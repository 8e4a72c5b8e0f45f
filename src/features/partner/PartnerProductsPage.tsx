import { useTranslation } from 'react-i18next';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function PartnerProductsPage() {
  const { t } = useTranslation('partner');
  return (
    <>
      <PageMeta title={t('partnerProducts.meta.title')} description={t('partnerProducts.meta.description')} />
      <PageHeader title={t('partnerProducts.title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
