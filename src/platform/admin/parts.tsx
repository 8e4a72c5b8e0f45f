import { AlertDialog } from 'radix-ui';
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { Download, Eye, EyeOff, Printer, type IconComponent } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Badge, type BadgeVariant } from '~/platform/ui/Badge';
import { Button, buttonClasses, type ButtonVariant } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { describedByIds, LabelledField } from '~/platform/forms/LabelledField';

export const inputClasses =
  'block h-11 w-full rounded-lg border border-black/20 bg-white px-3 text-base text-ink placeholder:text-muted/70 ' +
  'focus-visible:border-ember-600 aria-[invalid=true]:border-red-700';

/** A labelled input with its help text and (translated) error, in the forms' one field frame. */
export function Field({
  label,
  error,
  help,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; help?: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [visible, setVisible] = useState(false);
  const isPassword = input.type === 'password';
  return (
    <LabelledField id={id} label={label} hint={help} error={error} className={className}>
      <div className="relative">
        <input
          id={id}
          {...input}
          type={isPassword && visible ? 'text' : input.type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds(id, help)}
          className={cn(inputClasses, isPassword && 'pr-12')}
        />
        {isPassword ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 grid w-11 cursor-pointer place-items-center rounded-r-lg text-muted hover:text-ink"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="h-5 w-5" />
            ) : (
              <Eye aria-hidden="true" className="h-5 w-5" />
            )}
          </button>
        ) : null}
      </div>
    </LabelledField>
  );
}

/** A labelled multi-line text, like Field (help, error, screen-reader wiring). */
export function TextAreaField({
  label,
  error,
  help,
  className,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; help?: string }) {
  const id = useId();
  return (
    <LabelledField id={id} label={label} hint={help} error={error} className={className}>
      <textarea
        id={id}
        rows={8}
        {...textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds(id, help)}
        className={cn(inputClasses, 'h-auto py-2 leading-relaxed')}
      />
    </LabelledField>
  );
}

// Colour of a status badge: green when done, red when stopped, warm while waiting.
const TONES: Record<string, BadgeVariant> = {
  new: 'default',
  pending: 'default',
  sending: 'default',
  contacted: 'outline',
  confirmed: 'outline',
  processing: 'outline',
  shipped: 'secondary',
  delivered: 'secondary',
  paid: 'secondary',
  resolved: 'secondary',
  accepted: 'secondary',
  sent: 'secondary',
  cancelled: 'destructive',
  expired: 'destructive',
  failed: 'destructive',
  declined: 'destructive',
};

export function StatusBadge({ group, value }: { group: string; value: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge variant={TONES[value] ?? 'outline'} className="px-2.5 py-0.5 text-xs">
      {t(`values.${group}.${value}`, { defaultValue: value })}
    </Badge>
  );
}

/** Label/value pairs of a record; empty values are left out. */
export function Details({ items }: { items: { label: string; value: ReactNode; wide?: boolean }[] }) {
  const shown = items.filter((item) => item.value !== null && item.value !== undefined && item.value !== '');
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((item) => (
        <div key={item.label} className={cn('min-w-0', item.wide && 'sm:col-span-2 lg:col-span-3')}>
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{item.label}</dt>
          <dd className="break-words whitespace-pre-line">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One record of a list: a title line with badges and date, its details, its buttons. */
export function RecordCard({
  title,
  badges,
  meta,
  children,
  actions,
}: {
  title: ReactNode;
  badges?: ReactNode;
  meta?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <article className="rounded-xl border border-black/10 bg-white p-4 shadow-sm">
      <header className="mb-3 flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 className="text-base font-bold break-words">{title}</h3>
          {badges}
        </div>
        {meta ? <p className="text-sm text-muted">{meta}</p> : null}
      </header>
      {children}
      {actions ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-black/5 pt-3">{actions}</div>
      ) : null}
    </article>
  );
}

/** A button that asks first (for changes that are hard to undo). */
export function ConfirmButton({
  label,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  disabled,
  variant = 'outline',
}: {
  label: ReactNode;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  variant?: ButtonVariant;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant={variant} size="sm" disabled={disabled}>
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">{text}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost" size="sm">
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button size="sm" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

const linkClass = 'text-ember-700 underline underline-offset-2 hover:text-ember-800';

/** An e-mail address the admin can click to write to. */
export function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={linkClass}>
      {email}
    </a>
  );
}

/** A phone number the admin can tap to call (nothing when there is none). */
export function PhoneLink({ phone }: { phone: string | null }) {
  return phone ? (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
      {phone}
    </a>
  ) : null;
}

/** A website the admin can open (plain text unless it is an http(s) address). */
export function WebsiteLink({ url }: { url: string | null }) {
  if (!url) return null;
  if (!/^https?:\/\//i.test(url)) return <>{url}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
      {url}
    </a>
  );
}

/** The box of a form or panel that stands alone on a page (the team page's forms, backups). */
export const panelClasses = 'rounded-xl border border-black/10 bg-white p-4 shadow-sm sm:p-6';

/** A panel's heading with its icon, and a line of help below it. */
export function PanelTitle({
  id,
  icon: Icon,
  title,
  help,
}: {
  id: string;
  icon: IconComponent;
  title: string;
  help: string;
}) {
  return (
    <>
      <h2 id={id} className="flex items-center gap-2 text-xl font-bold">
        <Icon aria-hidden="true" className="h-5 w-5 text-ember-700" />
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{help}</p>
    </>
  );
}

/** A page's "print" (A4, its print styles) and "download CSV" buttons, not printed themselves. */
export function PrintAndCsv({ csv, print, download }: { csv: string; print: string; download: string }) {
  return (
    <div className="mt-4 flex flex-wrap gap-2 print:hidden">
      <Button variant="outline" onClick={() => window.print()}>
        <Printer aria-hidden="true" className="h-4 w-4" />
        {print}
      </Button>
      <a href={csv} download className={buttonClasses('outline')}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {download}
      </a>
    </div>
  );
}
