import { useTranslation } from 'react-i18next';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function PartnerSpicesPage() {
  const { t } = useTranslation('partner');
  return (
    <>
      <PageMeta title={t('partnerSpices.meta.title')} description={t('partnerSpices.meta.description')} />
      <PageHeader title={t('partnerSpices.title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
