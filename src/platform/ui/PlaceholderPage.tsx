import { useTranslation } from 'react-i18next';
import { Container } from './Container';
import { PageHeader } from './PageHeader';
import { PageMeta } from './PageMeta';

/** Temporary body for a page whose content a later feature fills in. */
export function PlaceholderPage({ ns }: { ns: string }) {
  const { t } = useTranslation(ns);
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader title={t('title')} />
      <Container className="py-12 text-center text-muted">{t('common:placeholder.soon')}</Container>
    </>
  );
}
