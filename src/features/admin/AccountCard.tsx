import type { IconComponent } from '~/platform/ui/icons/icons';
import type { ReactNode } from 'react';
import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { z } from 'zod';
import { Field } from '~/platform/admin/parts';
import { PATHS } from '~/platform/paths';
import { Button } from '~/platform/ui/Button';
import { PageMeta } from '~/platform/ui/PageMeta';
import { AdminShell } from './AdminShell';

// What the signed-out admin pages share (sign in, first admin, invitation): one card on the
// page, a password chosen twice, a closing message with a way on.

/** The page: its title for the browser and search engines, and one card. */
export function AccountCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <AdminShell>
      <PageMeta title={title} description={description} />
      <div className="mx-auto max-w-lg py-4 sm:py-10">
        <div className="rounded-2xl border border-black/10 bg-white p-5 shadow-sm sm:p-8">{children}</div>
      </div>
    </AdminShell>
  );
}

/** The card when there is nothing (more) to fill in: why, and the sign-in link. */
export function AccountNotice({
  icon: Icon,
  tone,
  title,
  text,
  action,
}: {
  icon: IconComponent;
  tone: 'done' | 'problem';
  title: string;
  text: string;
  action: string;
}) {
  return (
    <div className="text-center">
      <Icon
        aria-hidden="true"
        className={`mx-auto h-12 w-12 ${tone === 'done' ? 'text-forest-600' : 'text-ember-700'}`}
      />
      <h1 className="mt-3 text-2xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted">{text}</p>
      <Button asChild className="mt-6">
        <Link to={PATHS.adminLogin}>{action}</Link>
      </Button>
    </div>
  );
}

/** A form's schema plus the password typed again, checked in the browser only. */
export function withPasswordConfirm<Shape extends z.ZodRawShape & { password: z.ZodType }>(
  schema: z.ZodObject<Shape>,
) {
  const same = (v: object) => (v as NewPassword).password === (v as NewPassword).passwordConfirm;
  return schema
    .extend({ passwordConfirm: z.string({ error: 'admin:form.errors.passwordMismatch' }) })
    .refine(same, {
      path: ['passwordConfirm'],
      message: 'admin:form.errors.passwordMismatch',
    });
}

type NewPassword = Record<'password' | 'passwordConfirm', unknown>;

/** The new password and its repeat (the forms above), with `useSchemaForm`'s `control`. */
export function NewPasswordFields({
  fields,
  control,
}: {
  fields: Record<keyof NewPassword, FieldMetadata<unknown>>;
  control: (field: FieldMetadata<unknown>) => { name: string; defaultValue?: string; error?: string };
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Field
        label={t('form.password')}
        type="password"
        autoComplete="new-password"
        help={t('adminSetup.passwordHelp')}
        {...control(fields.password)}
      />
      <Field
        label={t('form.passwordConfirm')}
        type="password"
        autoComplete="new-password"
        {...control(fields.passwordConfirm)}
      />
    </>
  );
}

/** A one-time token that comes in a link's fragment (#token=…), never sent to the server in the address. */
export function tokenFromAddress(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}
