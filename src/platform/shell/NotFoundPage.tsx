import { useEffect } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link, useLocation } from 'react-router';
import { Button } from '~/platform/ui/Button';
import { Container } from '~/platform/ui/Container';
import { PageMeta } from '~/platform/ui/PageMeta';
import { PATHS } from '~/platform/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  useEffect(() => {
    console.warn('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <Container className="max-w-2xl py-24 text-center">
      <PageMeta title={t('notFound.metaTitle')} description={t('notFound.metaDescription')} />
      <meta name="robots" content="noindex" />
      <p aria-hidden="true" className="text-8xl font-black text-ember-200">
        {t('notFound.code')}
      </p>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{t('notFound.title')}</h1>
      <p className="mt-4 text-lg text-muted">{t('notFound.text')}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to={PATHS.home}>{t('notFound.home')}</Link>
      </Button>
    </Container>
  );
}
