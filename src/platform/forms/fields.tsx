import { LoaderCircle } from '~/platform/ui/icons/icons';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useField as useConformField } from '@conform-to/react';
import type { KeyIn, Namespace } from '~/platform/i18n/keys';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
// Not from ./schema: that brings zod to pages whose fields need none (/mano-duomenys).
import { HONEYPOT_FIELD } from './outcome';
import { describedByIds, ErrorText, Hint, LabelledField, OptionalMark } from './LabelledField';
import { FallbackNotice, PrivacyNote } from './FormNotices';

/**
 * Form fields wired to conform (through its <FormProvider>, decision 0051): a visible label,
 * an optional hint, and the field's error in the visitor's language, tied to the control with
 * aria-describedby / aria-invalid. Error messages are translation keys from the zod schema
 * (in the browser or in the route action), translated here. The controls are the browser's
 * own, named as posted: conform reads them, and without scripts the browser posts them.
 */

const controlClass = (invalid: boolean) =>
  cn(
    'block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink shadow-sm transition-colors',
    'placeholder:text-muted/70 hover:border-black/40 focus:border-ember-600',
    invalid ? 'border-red-700 bg-red-50/40' : 'border-black/20',
  );

/**
 * A field's conform state: its first error translated (a list's items' errors too), and its
 * starting value (the blank form's, or what was posted), written into the HTML: the page the
 * server renders after a form was posted without scripts shows what was typed.
 */
function useFieldState(name: string) {
  const { t } = useTranslation();
  const [meta] = useConformField<unknown>(name);
  const message = meta.allErrors ? Object.values(meta.allErrors).flat()[0] : undefined;
  return {
    key: meta.key,
    error: message ? t(message) : undefined,
    starting: meta.initialValue as unknown,
  };
}

const asText = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined;

interface FieldTexts {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  className?: string;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'className'>;

/** A field's wiring: its error, its starting value, and its control's name, id and aria attributes. */
function useField(name: string, { hint, optional }: Pick<FieldTexts, 'hint' | 'optional'>) {
  const id = useId();
  const { key, error, starting } = useFieldState(name);
  const control = {
    id,
    name,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-required': optional ? undefined : (true as const),
    'aria-describedby': describedByIds(id, hint),
  };
  return { id, key, error, starting: asText(starting), control };
}

export function TextField({ name, type = 'text', ...props }: FieldTexts & InputProps) {
  const { label, hint, optional, className, ...input } = props;
  const { control, key, ...field } = useField(name, props);
  return (
    <LabelledField {...field} label={label} hint={hint} optional={optional} className={className}>
      <input
        key={key}
        type={type}
        defaultValue={field.starting}
        className={controlClass(!!field.error)}
        {...input}
        {...control}
      />
    </LabelledField>
  );
}

export function TextAreaField({ name, rows = 4, ...texts }: FieldTexts & { rows?: number }) {
  const { control, key, ...field } = useField(name, texts);
  return (
    <LabelledField {...field} {...texts}>
      <textarea
        key={key}
        defaultValue={field.starting}
        rows={rows}
        className={cn(controlClass(!!field.error), 'min-h-24 resize-y')}
        {...control}
      />
    </LabelledField>
  );
}

type NamedField = Omit<FieldTexts, 'name'> & { name?: string } & InputProps;

/** The e-mail address every form asks for (field `email` unless named otherwise). */
export function EmailField(props: NamedField) {
  return <TextField name="email" type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** A phone number (field `phone` unless named otherwise). */
export function PhoneField(props: NamedField) {
  return <TextField name="phone" type="tel" autoComplete="tel" {...props} />;
}

export interface Option {
  value: string;
  label: string;
  hint?: string;
}

export function SelectField({
  name,
  placeholder,
  options,
  ...texts
}: FieldTexts & { placeholder: string; options: readonly Option[] }) {
  const { control, key, ...field } = useField(name, texts);
  return (
    <LabelledField {...field} {...texts}>
      <select
        key={key}
        defaultValue={field.starting}
        className={cn(controlClass(!!field.error), 'cursor-pointer appearance-auto')}
        {...control}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/**
 * A set of checkboxes (several answers) or radio buttons (one answer) in a fieldset whose
 * legend names the question; the group's hint and error are read with it.
 */
export function ChoiceGroup({
  name,
  legend,
  hint,
  optional,
  className,
  options,
  multiple,
  columns = 2,
}: {
  name: string;
  legend: string;
  hint?: string;
  optional?: boolean;
  className?: string;
  options: readonly Option[];
  multiple: boolean;
  columns?: 1 | 2 | 3;
}) {
  const id = useId();
  const { key, error, starting } = useFieldState(name);
  const chosen = [starting].flat();
  return (
    <fieldset className={className} aria-describedby={describedByIds(id, hint)}>
      <legend className="text-sm font-semibold">
        {legend}
        {optional ? <OptionalMark /> : null}
      </legend>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      <div
        className={cn(
          'mt-2 grid gap-2.5',
          columns >= 2 && 'sm:grid-cols-2',
          columns === 3 && 'lg:grid-cols-3',
        )}
      >
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border bg-white px-4 py-3 transition-colors',
                'hover:border-ember-600/60 hover:bg-ember-50/60 has-checked:border-ember-600 has-checked:bg-ember-50',
                error ? 'border-red-700' : 'border-black/15',
              )}
            >
              <input
                key={key}
                id={optionId}
                name={name}
                type={multiple ? 'checkbox' : 'radio'}
                value={option.value}
                defaultChecked={chosen.includes(option.value)}
                className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-ember-600"
                aria-invalid={multiple && error ? true : undefined}
                // The name is the option's title; its hint is read as the description.
                aria-labelledby={`${optionId}-label`}
                aria-describedby={option.hint ? `${optionId}-hint` : undefined}
              />
              <span className="min-w-0">
                <span id={`${optionId}-label`} className="block font-medium leading-snug">
                  {option.label}
                </span>
                {option.hint ? (
                  <span id={`${optionId}-hint`} className="mt-0.5 block text-sm text-muted">
                    {option.hint}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      <ErrorText id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** One checkbox whose label may contain a link (e.g. "I agree to the rules"). */
export function CheckboxField({
  name,
  label,
  className,
  optional = false,
}: {
  name: string;
  label: ReactNode;
  className?: string;
  optional?: boolean;
}) {
  const id = useId();
  const { key, error, starting } = useFieldState(name);
  // conform writes a tick as the browser posts it.
  const ticked = starting === 'on';
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          key={key}
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={ticked}
          className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-ember-600"
          aria-invalid={error ? true : undefined}
          aria-required={optional ? undefined : true}
          aria-describedby={`${id}-error`}
        />
        <label htmlFor={id} className="cursor-pointer leading-snug">
          {label}
        </label>
      </div>
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * The honeypot: a text field people never see or reach, which bots tend to fill in. It is
 * not one of the form's fields (its schema never sees it) but is posted with them.
 */
export function Honeypot() {
  const { t } = useTranslation('forms');
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute top-0 -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{t('honeypot')}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The submit button: disabled and relabelled ('Sending...') while the form is on its way. */
export function SubmitButton({
  submitting,
  label,
  submittingLabel,
  className,
}: {
  submitting: boolean;
  label: string;
  submittingLabel: string;
  className?: string;
}) {
  return (
    <Button type="submit" size="lg" disabled={submitting} className={cn('w-full sm:w-auto', className)}>
      {submitting ? <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" /> : null}
      {submitting ? submittingLabel : label}
    </Button>
  );
}

/** A pack with the submit button's two texts. */
type FormNamespace = {
  [N in Namespace]: 'form.submit' | 'form.submitting' extends KeyIn<N> ? N : never;
}[Namespace];

/**
 * The end of every public form: the privacy note (or the form's own words), the bot trap,
 * the e-mail fallback when it is offered, the submit button (`form.submit` and
 * `form.submitting` of the form's pack `ns`). Placed in the form's own grid.
 */
export function FormFooter({
  routeForm: { fallbackHref, submitting, offline },
  ns,
  privacy = <PrivacyNote />,
  fallbackTitle,
}: {
  routeForm: { fallbackHref: string | null; submitting: boolean; offline?: boolean };
  ns: FormNamespace;
  privacy?: ReactNode;
  fallbackTitle?: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <>
      {privacy}
      <Honeypot />
      {fallbackHref ? <FallbackNotice href={fallbackHref} title={fallbackTitle} offline={offline} /> : null}
      <div>
        <SubmitButton
          submitting={submitting}
          label={t('form.submit')}
          submittingLabel={t('form.submitting')}
        />
      </div>
    </>
  );
}

/** A titled group of fields inside a long form (h2 on a form page, h3 in an embedded form). */
export function FormSection({
  title,
  level = 2,
  children,
}: {
  title: string;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="border-t border-black/10 pt-6 first:border-t-0 first:pt-0">
      <Heading className="text-lg font-bold text-ember-800">{title}</Heading>
      <div className="mt-4 grid gap-5">{children}</div>
    </section>
  );
}
