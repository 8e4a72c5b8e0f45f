import { KeyRound, UserPlus } from '~/platform/ui/icons/icons';
import { useEffect, useState } from 'react';
import { useSchemaForm } from '~/platform/forms/useSchemaForm';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useNavigate } from 'react-router';
import { notify } from '~/platform/ui/notify';
import { ApiError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { formatDateTime } from '~/platform/i18n/format';
import { PATHS } from '~/platform/paths';
import { Button } from '~/platform/ui/Button';
import { Spinner } from '~/platform/ui/Spinner';
import {
  AccountCard,
  AccountNotice,
  NewPasswordFields,
  tokenFromAddress,
  withPasswordConfirm,
} from './AccountCard';
import { acceptSchema, INVITATION_ENDPOINTS, type InvitationDetails } from './team';

// The API's schema without the token, which comes in the e-mailed link's fragment
// (/admin/invitation?lang=en#token=…).
const acceptFormSchema = withPasswordConfirm(acceptSchema.omit({ token: true }));

/** Why a link does not work, as the invitee should read it. */
function problemKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.unknown';
  if (error.status === 0) return 'errors.network';
  switch (error.code) {
    case 'invitation_expired':
      return 'invitation.errors.expired';
    case 'invitation_used':
      return 'invitation.errors.used';
    case 'invitation_cancelled':
      return 'invitation.errors.cancelled';
    case 'invitation_not_found':
    case 'validation':
      return 'invitation.errors.notFound';
    case 'admin_exists':
      return 'team.errors.adminExists';
    case 'rate_limited':
      return 'errors.rateLimited';
    default:
      return 'errors.unknown';
  }
}

type State =
  | { kind: 'loading' }
  | { kind: 'open'; token: string; invitation: InvitationDetails }
  | { kind: 'closed'; reason: string };

/** The invitee's page: the invitation's name and e-mail, a password to choose, then signed in. */
export function AdminInvitationPage() {
  const { t, i18n } = useTranslation('admin');
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const { form, fields, submitting, control } = useSchemaForm(acceptFormSchema, {
    defaultValue: { password: '', passwordConfirm: '' },
    onValid: async ({ password }) => {
      if (state.kind !== 'open') return;
      try {
        await apiRequest('POST', INVITATION_ENDPOINTS.accept.url(), { token: state.token, password });
        void notify('success', t('invitation.welcome', { name: state.invitation.firstName }));
        // The token has done its job: out of the address bar and the history.
        await navigate(PATHS.admin, { replace: true });
      } catch (error) {
        const reason = problemKey(error);
        if (error instanceof ApiError && (error.status === 410 || error.status === 404)) {
          setState({ kind: 'closed', reason });
          return;
        }
        void notify('error', t('invitation.errors.failed'), { description: t(reason) });
      }
    },
  });

  useEffect(() => {
    let current = true;
    const token = tokenFromAddress();
    if (!token) {
      setState({ kind: 'closed', reason: 'invitation.errors.notFound' });
      return;
    }
    apiRequest<InvitationDetails>('POST', INVITATION_ENDPOINTS.read.url(), { token }).then(
      (invitation) => current && setState({ kind: 'open', token, invitation }),
      (error: unknown) => current && setState({ kind: 'closed', reason: problemKey(error) }),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <AccountCard title={t('invitation.meta.title')} description={t('invitation.meta.description')}>
      {state.kind === 'closed' ? (
        <AccountNotice
          icon={KeyRound}
          tone="problem"
          title={t('invitation.invalid.title')}
          text={t(state.reason)}
          action={t('invitation.invalid.login')}
        />
      ) : (
        <>
          <h1 className="text-2xl font-extrabold tracking-tight">{t('invitation.title')}</h1>
          {state.kind === 'loading' ? (
            <Spinner label={t('shell.loading')} className="py-12" />
          ) : (
            <>
              <p className="mt-2 break-words text-muted">
                {t('invitation.lead', {
                  name: state.invitation.firstName,
                  email: state.invitation.email,
                })}
              </p>
              <p className="mt-2 text-sm text-muted">
                {t('invitation.expires', {
                  date: formatDateTime(state.invitation.expiresAt, i18n.language),
                })}
              </p>
              <form id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 flex flex-col gap-4">
                {/* For password managers: the account the new password belongs to. */}
                <input
                  type="email"
                  name="username"
                  autoComplete="username"
                  value={state.invitation.email}
                  readOnly
                  hidden
                />
                <NewPasswordFields fields={fields} control={control} />
                <Button type="submit" disabled={submitting} className="mt-2 w-full">
                  <UserPlus aria-hidden="true" className="h-5 w-5" />
                  {submitting ? t('invitation.submitting') : t('invitation.submit')}
                </Button>
              </form>
            </>
          )}
        </>
      )}
    </AccountCard>
  );
}
