import { useTranslation } from 'react-i18next';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function PartnerPage() {
  const { t } = useTranslation('partner');
  return (
    <>
      <PageMeta title={t('partner.meta.title')} description={t('partner.meta.description')} />
      <PageHeader title={t('partner.title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
