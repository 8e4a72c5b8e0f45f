import { useTranslation } from 'react-i18next';
import { Container } from '~/ui/Container';
import { PageHeader } from '~/ui/PageHeader';
import { PageMeta } from '~/ui/PageMeta';

export function RegistrationSuccessPage() {
  const { t } = useTranslation('registration');
  return (
    <>
      <PageMeta
        title={t('registrationSuccess.meta.title')}
        description={t('registrationSuccess.meta.description')}
      />
      <PageHeader title={t('registrationSuccess.title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
