import { useTranslation } from 'react-i18next';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function OrderSuccessPage() {
  const { t } = useTranslation('shop');
  return (
    <>
      <PageMeta title={t('orderSuccess.meta.title')} description={t('orderSuccess.meta.description')} />
      <PageHeader title={t('orderSuccess.title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
