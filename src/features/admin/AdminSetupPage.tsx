import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, UserPlus } from '~/platform/ui/icons/icons';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useNavigate } from 'react-router';
import { notify } from '~/platform/ui/notify';
import type { z } from 'zod';
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
type SetupForm = z.input<typeof setupFormSchema>;

export function AdminSetupPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [state, setState] = useState<'loading' | 'needed' | 'done'>('loading');
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SetupForm>({
    resolver: zodResolver(setupFormSchema),
    defaultValues: { token: '', firstName: '', email: '', password: '', passwordConfirm: '' },
  });

  useEffect(() => {
    let current = true;
    apiRequest<{ setupNeeded: boolean }>('GET', ADMIN_AUTH_ENDPOINTS.setup.url()).then(
      (result) => {
        if (!current) return;
        setState(result.setupNeeded ? 'needed' : 'done');
        const token = tokenFromAddress();
        if (token) setValue('token', token);
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
  }, [setValue, t]);

  const onSubmit = handleSubmit(async ({ passwordConfirm: _repeat, ...values }) => {
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
  });

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
              <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
                <Field
                  label={t('form.token')}
                  autoComplete="off"
                  spellCheck={false}
                  help={t('adminSetup.tokenHelp')}
                  error={errors.token?.message && t(errors.token.message)}
                  {...register('token')}
                />
                <Field
                  label={t('form.firstName')}
                  autoComplete="given-name"
                  error={errors.firstName?.message && t(errors.firstName.message)}
                  {...register('firstName')}
                />
                <Field
                  label={t('form.email')}
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  error={errors.email?.message && t(errors.email.message)}
                  {...register('email')}
                />
                <NewPasswordFields register={register} errors={errors} />
                <Button type="submit" disabled={isSubmitting} className="mt-2 w-full">
                  <UserPlus aria-hidden="true" className="h-5 w-5" />
                  {isSubmitting ? t('adminSetup.submitting') : t('adminSetup.submit')}
                </Button>
              </form>
            </>
          )}
        </>
      )}
    </AccountCard>
  );
}
