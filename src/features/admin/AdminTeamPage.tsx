import { describedByIds, LabelledField } from '~/platform/forms/LabelledField';
import { Crown, KeyRound, MailPlus, RotateCcw, Send, UserCheck, UserX, X } from '~/platform/ui/icons/icons';
import { useCallback, useState, type ReactNode } from 'react';
import { serverErrors, useSchemaForm } from '~/platform/forms/useSchemaForm';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { notify } from '~/platform/ui/notify';
import { z } from 'zod';
import { useAdminErrorHandler, useAdminQuery } from '~/platform/admin/api';
import {
  ConfirmButton,
  Details,
  EmailLink,
  Field,
  inputClasses,
  PanelTitle,
  panelClasses,
  RecordCard,
} from '~/platform/admin/parts';
import { ApiError, isMessageKey } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { formatDateTime } from '~/platform/i18n/format';
import { LANGUAGES } from '~/platform/i18n/languages';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { Spinner } from '~/platform/ui/Spinner';
import { AdminFrame } from './AdminFrame';
import { BackupCard } from './BackupCard';
import {
  INVITATION_TTL_HOURS,
  inviteSchema,
  passwordChangeSchema,
  TEAM_ENDPOINTS,
  type TeamAdmin,
  type TeamInvitation,
  type TeamOverview,
} from './team';

/**
 * Shows a failed team action: the API's own reason when it gave one (e.g. "the last active
 * administrator cannot be deactivated"), otherwise the admin area's usual handling.
 */
function useTeamErrors() {
  const { t } = useTranslation('admin');
  const onError = useAdminErrorHandler();
  return useCallback(
    (error: unknown, titleKey: string) => {
      if (error instanceof ApiError && error.status !== 401 && isMessageKey(error.body.message)) {
        void notify('error', t(titleKey), { description: t(error.body.message) });
      } else onError(error, titleKey);
    },
    [onError, t],
  );
}

/** One POST of the page (deactivate, resend…): success toast, then the list reloads. */
function useTeamAction(onChanged: () => void) {
  const onError = useTeamErrors();
  const [busy, setBusy] = useState(false);
  const run = async (url: string, success: string, body: object = {}) => {
    setBusy(true);
    try {
      await apiRequest('POST', url, body);
      void notify('success', success);
    } catch (error) {
      onError(error, 'team.errors.action');
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  return { busy, run };
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function InviteForm({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const onError = useTeamErrors();
  const { form, fields, submitting, control } = useSchemaForm(inviteSchema, {
    defaultValue: { firstName: '', email: '', language: i18n.language === 'en' ? 'en' : 'lt' },
    onValid: async (values) => {
      try {
        await apiRequest('POST', TEAM_ENDPOINTS.invite.url(), values);
        void notify('success', t('team.invite.sent', { email: values.email.trim() }));
        // Blank again for the next one; the language chosen stays.
        form.reset({ name: fields.firstName.name });
        form.reset({ name: fields.email.name });
        onChanged();
      } catch (error) {
        onError(error, 'team.errors.invite');
      }
    },
  });
  return (
    <form
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="rounded-xl border border-black/10 bg-white p-4 shadow-sm sm:p-6"
      aria-labelledby="invite-title"
    >
      <h2 id="invite-title" className="text-xl font-bold">
        {t('team.invite.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('team.invite.help', { hours: INVITATION_TTL_HOURS })}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-[1fr_1.4fr_auto]">
        <Field label={t('form.firstName')} autoComplete="off" {...control(fields.firstName)} />
        <Field
          label={t('form.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          {...control(fields.email)}
        />
        <LabelledField id="invite-language" label={t('team.invite.language')}>
          <select
            id="invite-language"
            aria-describedby={describedByIds('invite-language')}
            className={inputClasses}
            name={fields.language.name}
            defaultValue={fields.language.initialValue}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`team.languages.${language}`)}
              </option>
            ))}
          </select>
        </LabelledField>
      </div>
      <Button type="submit" disabled={submitting} className="mt-4 w-full sm:w-auto">
        <MailPlus aria-hidden="true" className="h-5 w-5" />
        {submitting ? t('team.invite.submitting') : t('team.invite.submit')}
      </Button>
    </form>
  );
}

/** What an owner can do to another admin: owner role, deactivate; or reactivate. */
function AdminActions({ admin, onChanged }: { admin: TeamAdmin; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const { busy, run } = useTeamAction(onChanged);
  if (!admin.active) {
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={() =>
          void run(TEAM_ENDPOINTS.reactivate.url({ id: admin.id }), t('team.admins.reactivated'))
        }
      >
        <UserCheck aria-hidden="true" className="h-4 w-4" />
        {t('team.admins.reactivate')}
      </Button>
    );
  }
  const owner = admin.role === 'owner';
  const roleKey = owner ? 'removeOwner' : 'makeOwner';
  return (
    <>
      <ConfirmButton
        label={
          <>
            <Crown aria-hidden="true" className="h-4 w-4" />
            {t(`team.admins.${roleKey}`)}
          </>
        }
        title={t(`team.admins.${roleKey}Title`, { email: admin.email })}
        text={t(`team.admins.${roleKey}Text`)}
        confirmLabel={t(`team.admins.${roleKey}`)}
        cancelLabel={t('team.back')}
        disabled={busy}
        onConfirm={() =>
          void run(
            TEAM_ENDPOINTS.role.url({ id: admin.id }),
            t(owner ? 'team.admins.ownerRemoved' : 'team.admins.madeOwner'),
            { role: owner ? 'admin' : 'owner' },
          )
        }
      />
      <ConfirmButton
        label={
          <>
            <UserX aria-hidden="true" className="h-4 w-4" />
            {t('team.admins.deactivate')}
          </>
        }
        title={t('team.admins.deactivateTitle', { email: admin.email })}
        text={t('team.admins.deactivateText')}
        confirmLabel={t('team.admins.deactivate')}
        cancelLabel={t('team.back')}
        disabled={busy}
        onConfirm={() =>
          void run(TEAM_ENDPOINTS.deactivate.url({ id: admin.id }), t('team.admins.deactivated'))
        }
      />
    </>
  );
}

/** One admin: role, state, sign-ins; the buttons only for an owner looking at someone else. */
function AdminCard({
  admin,
  self,
  manage,
  onChanged,
}: {
  admin: TeamAdmin;
  self: boolean;
  manage: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  return (
    <RecordCard
      title={admin.firstName}
      badges={
        <>
          <Badge variant={admin.role === 'owner' ? 'default' : 'outline'} className="px-2.5 py-0.5 text-xs">
            {admin.role === 'owner' ? t('team.admins.roleOwner') : t('team.admins.roleAdmin')}
          </Badge>
          <Badge variant={admin.active ? 'secondary' : 'destructive'} className="px-2.5 py-0.5 text-xs">
            {admin.active ? t('team.admins.active') : t('team.admins.inactive')}
          </Badge>
          {self ? (
            <Badge variant="outline" className="px-2.5 py-0.5 text-xs">
              {t('team.admins.you')}
            </Badge>
          ) : null}
        </>
      }
      actions={manage && !self ? <AdminActions admin={admin} onChanged={onChanged} /> : undefined}
    >
      <Details
        items={[
          { label: t('form.email'), value: <EmailLink email={admin.email} /> },
          {
            label: t('team.admins.lastLogin'),
            value: admin.lastLoginAt
              ? formatDateTime(admin.lastLoginAt, i18n.language)
              : t('team.admins.never'),
          },
          { label: t('team.admins.added'), value: formatDateTime(admin.createdAt, i18n.language) },
        ]}
      />
    </RecordCard>
  );
}

function InvitationCard({
  invitation,
  manage,
  onChanged,
}: {
  invitation: TeamInvitation;
  manage: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const { busy, run } = useTeamAction(onChanged);
  const expired = invitation.status === 'expired';
  return (
    <RecordCard
      title={invitation.firstName}
      badges={
        <Badge variant={expired ? 'destructive' : 'default'} className="px-2.5 py-0.5 text-xs">
          {expired ? t('team.invitations.expired') : t('team.invitations.pending')}
        </Badge>
      }
      actions={
        manage ? (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() =>
                void run(TEAM_ENDPOINTS.resend.url({ id: invitation.id }), t('team.invitations.resent'))
              }
            >
              {expired ? (
                <RotateCcw aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Send aria-hidden="true" className="h-4 w-4" />
              )}
              {t('team.invitations.resend')}
            </Button>
            <ConfirmButton
              label={
                <>
                  <X aria-hidden="true" className="h-4 w-4" />
                  {t('team.invitations.cancel')}
                </>
              }
              title={t('team.invitations.cancelTitle', { email: invitation.email })}
              text={t('team.invitations.cancelText')}
              confirmLabel={t('team.invitations.cancel')}
              cancelLabel={t('team.back')}
              disabled={busy}
              onConfirm={() =>
                void run(TEAM_ENDPOINTS.cancel.url({ id: invitation.id }), t('team.invitations.cancelled'))
              }
            />
          </>
        ) : undefined
      }
    >
      <Details
        items={[
          { label: t('form.email'), value: <EmailLink email={invitation.email} /> },
          { label: t('team.invitations.language'), value: t(`team.languages.${invitation.language}`) },
          { label: t('team.invitations.invitedBy'), value: invitation.invitedBy },
          { label: t('team.invitations.sent'), value: formatDateTime(invitation.createdAt, i18n.language) },
          {
            label: t('team.invitations.expires'),
            value: formatDateTime(invitation.expiresAt, i18n.language),
          },
        ]}
      />
    </RecordCard>
  );
}

const passwordFormSchema = passwordChangeSchema
  .extend({ newPasswordConfirm: z.string({ error: 'admin:form.errors.passwordMismatch' }) })
  .refine((v) => v.newPassword === v.newPasswordConfirm, {
    path: ['newPasswordConfirm'],
    message: 'admin:form.errors.passwordMismatch',
  });

function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('admin');
  const onError = useTeamErrors();
  const [refused, setRefused] = useState<ReturnType<typeof serverErrors>>();
  const { form, fields, submitting, control } = useSchemaForm(passwordFormSchema, {
    defaultValue: { currentPassword: '', newPassword: '', newPasswordConfirm: '' },
    lastResult: refused,
    onValid: async ({ currentPassword, newPassword }) => {
      try {
        await apiRequest('POST', TEAM_ENDPOINTS.password.url(), { currentPassword, newPassword });
        void notify('success', t('team.password.changed'));
        form.reset();
      } catch (error) {
        if (error instanceof ApiError && error.code === 'wrong_password') {
          setRefused(serverErrors({ currentPassword: ['admin:team.errors.currentPasswordWrong'] }));
          return;
        }
        onError(error, 'team.errors.password');
      }
    },
  });
  return (
    <form
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="password-title"
      className={panelClasses}
    >
      <PanelTitle
        id="password-title"
        icon={KeyRound}
        title={t('team.password.title')}
        help={t('team.password.help')}
      />
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <Field
          label={t('team.password.current')}
          type="password"
          autoComplete="current-password"
          {...control(fields.currentPassword)}
        />
        <Field
          label={t('team.password.new')}
          type="password"
          autoComplete="new-password"
          help={t('adminSetup.passwordHelp')}
          {...control(fields.newPassword)}
        />
        <Field
          label={t('team.password.confirm')}
          type="password"
          autoComplete="new-password"
          {...control(fields.newPasswordConfirm)}
        />
      </div>
      <Button type="submit" disabled={submitting} className="mt-4 w-full sm:w-auto">
        {submitting ? t('team.password.submitting') : t('team.password.submit')}
      </Button>
    </form>
  );
}

function TeamLists({ selfId }: { selfId: string }) {
  const { t } = useTranslation('admin');
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  const { data, loading } = useAdminQuery<TeamOverview>(TEAM_ENDPOINTS.team.url(), version);
  if (!data) return loading ? <Spinner label={t('shell.loading')} className="py-16" /> : null;
  // Only owners manage the team; the server refuses everyone else (403) all the same.
  const manage = data.admins.some((admin) => admin.id === selfId && admin.role === 'owner');
  return (
    <>
      <div className="mt-6">
        {manage ? (
          <InviteForm onChanged={changed} />
        ) : (
          <p className="rounded-xl border border-black/10 bg-white p-4 text-muted shadow-sm">
            {t('team.ownersOnly')}
          </p>
        )}
      </div>
      <Section title={t('team.invitations.title')} id="invitations-title">
        {data.invitations.length === 0 ? (
          <p className="text-muted">{t('team.invitations.empty')}</p>
        ) : (
          <div className="flex flex-col gap-3">
            {data.invitations.map((invitation) => (
              <InvitationCard
                key={invitation.id}
                invitation={invitation}
                manage={manage}
                onChanged={changed}
              />
            ))}
          </div>
        )}
      </Section>
      <Section title={t('team.admins.title')} id="admins-title">
        <div className="flex flex-col gap-3">
          {data.admins.map((admin) => (
            <AdminCard
              key={admin.id}
              admin={admin}
              self={admin.id === selfId}
              manage={manage}
              onChanged={changed}
            />
          ))}
        </div>
      </Section>
    </>
  );
}

/** The team page: invite, the admins and pending invitations, one's own password, and backups. */
export function AdminTeamPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame title={t('team.meta.title')}>
      {(admin) => (
        <>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('team.title')}</h1>
          <p className="mt-1 text-muted">{t('team.lead')}</p>
          <TeamLists selfId={admin.id} />
          <div className="mt-10">
            <PasswordForm email={admin.email} />
          </div>
          <div className="mt-10">
            <BackupCard />
          </div>
        </>
      )}
    </AdminFrame>
  );
}
