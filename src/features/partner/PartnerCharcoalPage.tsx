import { useTranslation } from 'react-i18next';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function PartnerCharcoalPage() {
  const { t } = useTranslation('partner');
  return (
    <>
      <PageMeta title={t('partnerCharcoal.meta.title')} description={t('partnerCharcoal.meta.description')} />
      <PageHeader title={t('partnerCharcoal.title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
