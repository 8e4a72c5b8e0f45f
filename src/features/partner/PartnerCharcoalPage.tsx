import { useTranslation } from 'react-i18next';
import { BuyButton } from '~/features/shop/BuyButton';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function PartnerCharcoalPage() {
  const { t } = useTranslation('partner');
  return (
    <>
      <PageMeta title={t('partnerCharcoal.meta.title')} description={t('partnerCharcoal.meta.description')} />
      <PageHeader title={t('partnerCharcoal.title')} />
      <Container className="flex flex-col items-center gap-6 py-12 text-center text-muted">
        {t('common:placeholder.soon')}
        <BuyButton productId="charcoal-10kg" size="lg" />
      </Container>
    </>
  );
}
