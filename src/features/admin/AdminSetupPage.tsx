import { CircleCheck, UserPlus } from '~/platform/ui/icons/icons';
import { useEffect, useState } from 'react';
import { useSchemaForm } from '~/platform/forms/useSchemaForm';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useNavigate } from 'react-router';
import { notify } from '~/platform/ui/notify';
import { Button } from '~/platform/ui/Button';
import { Spinner } from '~/platform/ui/Spinner';
import {
  AccountCard,
  AccountNotice,
  NewPasswordFields,
  tokenFromAddress,
  withPasswordConfirm,
} from './AccountCard';
import { ApiError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { ADMIN_AUTH_ENDPOINTS } from './admin';
import { Field } from '~/platform/admin/parts';
import { setupSchema } from './schema';
import { PATHS } from '~/platform/paths';

// The token can come in the link printed to the server log: /admin/setup#token=…
const setupFormSchema = withPasswordConfirm(setupSchema);

export function AdminSetupPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [state, setState] = useState<'loading' | 'needed' | 'done'>('loading');
  const { form, fields, submitting, control } = useSchemaForm(setupFormSchema, {
    defaultValue: { token: '', firstName: '', email: '', password: '', passwordConfirm: '' },
    onValid: async ({ passwordConfirm: _repeat, ...values }) => {
      try {
        await apiRequest('POST', ADMIN_AUTH_ENDPOINTS.setup.url(), values);
        void notify('success', t('adminSetup.created'));
        await navigate(PATHS.adminLogin, { replace: true });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'setup_done') {
          setState('done');
          return;
        }
        const description =
          error instanceof ApiError && error.code === 'bad_token'
            ? t('errors.badToken')
            : error instanceof ApiError && error.status === 0
              ? t('errors.network')
              : t('errors.unknown');
        void notify('error', t('errors.createAdmin'), { description });
      }
    },
  });

  useEffect(() => {
    let current = true;
    apiRequest<{ setupNeeded: boolean }>('GET', ADMIN_AUTH_ENDPOINTS.setup.url()).then(
      (result) => {
        if (!current) return;
        setState(result.setupNeeded ? 'needed' : 'done');
      },
      () => {
        if (!current) return;
        void notify('error', t('errors.loadFailed'));
        setState('needed');
      },
    );
    return () => {
      current = false;
    };
  }, [t]);

  return (
    <AccountCard title={t('adminSetup.meta.title')} description={t('adminSetup.meta.description')}>
      {state === 'done' ? (
        <AccountNotice
          icon={CircleCheck}
          tone="done"
          title={t('adminSetup.done.title')}
          text={t('adminSetup.done.text')}
          action={t('adminSetup.done.login')}
        />
      ) : (
        <>
          <h1 className="text-2xl font-extrabold tracking-tight">{t('adminSetup.title')}</h1>
          {state === 'loading' ? (
            <Spinner label={t('shell.loading')} className="py-12" />
          ) : (
            <>
              <p className="mt-2 text-muted">{t('adminSetup.lead')}</p>
              <form id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 flex flex-col gap-4">
                <Field
                  label={t('form.token')}
                  autoComplete="off"
                  spellCheck={false}
                  help={t('adminSetup.tokenHelp')}
                  {...control(fields.token)}
                  // Drawn once the page knows a first admin is needed: the link's token, if any.
                  defaultValue={tokenFromAddress()}
                />
                <Field label={t('form.firstName')} autoComplete="given-name" {...control(fields.firstName)} />
                <Field
                  label={t('form.email')}
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  {...control(fields.email)}
                />
                <NewPasswordFields fields={fields} control={control} />
                <Button type="submit" disabled={submitting} className="mt-2 w-full">
                  <UserPlus aria-hidden="true" className="h-5 w-5" />
                  {submitting ? t('adminSetup.submitting') : t('adminSetup.submit')}
                </Button>
              </form>
            </>
          )}
        </>
      )}
    </AccountCard>
  );
}
