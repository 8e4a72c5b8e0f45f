import { useTranslation } from 'react-i18next';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function RegistrationPage() {
  const { t } = useTranslation('registration');
  return (
    <>
      <PageMeta title={t('registration.meta.title')} description={t('registration.meta.description')} />
      <PageHeader title={t('registration.title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
