import { LogIn } from '~/platform/ui/icons/icons';
import { useEffect, useState } from 'react';
import { useSchemaForm } from '~/platform/forms/useSchemaForm';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useNavigate } from 'react-router';
import { notify } from '~/platform/ui/notify';
import { Button } from '~/platform/ui/Button';
import { AccountCard } from './AccountCard';
import { ADMIN_ENDPOINTS } from '~/platform/admin/section';
import { ApiError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { ADMIN_AUTH_ENDPOINTS } from './admin';
import { Field } from '~/platform/admin/parts';
import { loginSchema } from './schema';
import { PATHS } from '~/platform/paths';

/** What went wrong, as the admin should read it (SPEC section 8 texts where they exist). */
function loginErrorText(
  error: unknown,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (!(error instanceof ApiError)) return t('errors.unknown');
  if (error.status === 0) return t('errors.network');
  if (error.status === 429 && error.code === 'sign_in_delayed') {
    const seconds = Math.max(1, Number(error.body.retryAfter ?? 60));
    return seconds < 60
      ? t('errors.delayed', { seconds })
      : t('errors.locked', { minutes: Math.ceil(seconds / 60) });
  }
  if (error.status === 429) return t('errors.rateLimited');
  if (error.status === 401 || error.status === 400) return t('errors.invalidCredentials');
  return t('errors.unknown');
}

export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, fields, submitting, control } = useSchemaForm(loginSchema, {
    defaultValue: { email: '', password: '' },
    onValid: async (values) => {
      setFailure(null);
      try {
        await apiRequest('POST', ADMIN_AUTH_ENDPOINTS.login.url(), values);
        await navigate(PATHS.admin, { replace: true });
      } catch (error) {
        const text = loginErrorText(error, t);
        setFailure(text);
        void notify('error', t('errors.loginTitle'), { description: text });
      }
    },
  });

  // Already signed in: straight to the dashboard.
  useEffect(() => {
    let current = true;
    apiRequest<{ admin: unknown }>('GET', ADMIN_ENDPOINTS.session.url()).then(
      (result) => current && result.admin && void navigate(PATHS.admin, { replace: true }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [navigate]);

  return (
    <AccountCard title={t('adminLogin.meta.title')} description={t('adminLogin.meta.description')}>
      <h1 className="text-2xl font-extrabold tracking-tight">{t('adminLogin.title')}</h1>
      <p className="mt-2 text-muted">{t('adminLogin.lead')}</p>
      <form id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        <Field
          label={t('form.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          {...control(fields.email)}
        />
        <Field
          label={t('form.password')}
          type="password"
          autoComplete="current-password"
          {...control(fields.password)}
        />
        {failure ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {failure}
          </p>
        ) : null}
        <Button type="submit" disabled={submitting} className="mt-2 w-full">
          <LogIn aria-hidden="true" className="h-5 w-5" />
          {submitting ? t('adminLogin.submitting') : t('adminLogin.submit')}
        </Button>
      </form>
    </AccountCard>
  );
}
