import { ArrowDown, ArrowUp, Plus, Trash2 } from '~/platform/ui/icons/icons';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import type { z } from 'zod';
import { inputClasses } from '~/platform/admin/parts';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { fieldMeta, type MoneyCurrency } from '~/platform/content/fields';
import { describedByIds, ErrorText, Hint, LabelledField } from '~/platform/forms/LabelledField';
import { ImageField, PhotoDrop } from './photos';
import { emptyValue, kindOf, listItem, objectFields, pathKey } from './schema';

type Path = readonly (string | number)[];

export interface FieldProps {
  schema: z.ZodType;
  value: unknown;
  path: Path;
  onChange: (path: Path, value: unknown) => void;
  /** Translation keys of problems by field path ('venue.name.lt'). */
  issues: ReadonlyMap<string, string>;
}

const LANGUAGES = ['lt', 'en'] as const;
const CURRENCY_SIGNS: Record<MoneyCurrency, string> = { GBP: '£', EUR: '€' };

/** A problem's translation key, shown translated in the forms' error line (empty when none). */
function Message({ id, issue }: { id: string; issue: string | undefined }) {
  const { t } = useTranslation('content');
  return <ErrorText id={id} message={issue ? t(issue) : undefined} />;
}

function Help({ id, text }: { id: string; text: string | undefined }) {
  const { t } = useTranslation('content');
  return text ? <Hint id={id}>{t(text)}</Hint> : null;
}

/** A label, its input and its help and error, in the forms' one field frame. */
function Labelled({
  label,
  help,
  issue,
  children,
}: {
  label: string;
  help?: string;
  issue?: string;
  children: (ids: { input: string; describedBy: string; invalid: boolean }) => ReactNode;
}) {
  const { t } = useTranslation('content');
  const id = useId();
  const hint = help ? t(help) : undefined;
  return (
    <LabelledField id={id} label={t(label)} hint={hint} error={issue ? t(issue) : undefined}>
      {children({ input: id, describedBy: describedByIds(id, hint), invalid: Boolean(issue) })}
    </LabelledField>
  );
}

/** A text in Lithuanian and English, side by side (stacked on a phone). */
function LocalizedField({ schema, value, path, onChange, issues }: FieldProps) {
  const { t } = useTranslation('content');
  const meta = fieldMeta(schema)!;
  const id = useId();
  const text = (value ?? { lt: '', en: '' }) as Record<string, string>;
  const multiline = meta.multiline || meta.kind === 'richText';
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold">{t(meta.label, { defaultValue: meta.name })}</legend>
      <div className="grid gap-3 md:grid-cols-2">
        {LANGUAGES.map((language) => {
          const issue = issues.get(pathKey([...path, language]));
          const inputId = `${id}-${language}`;
          const props = {
            id: inputId,
            value: text[language] ?? '',
            'aria-invalid': issue ? true : undefined,
            'aria-describedby': `${inputId}-error`,
            onChange: (event: { target: { value: string } }) =>
              onChange([...path, language], event.target.value),
          };
          return (
            <div key={language}>
              <label
                htmlFor={inputId}
                className="mb-1 block text-xs font-bold tracking-wide text-muted uppercase"
              >
                {t(`editor.languages.${language}`)}
              </label>
              {multiline ? (
                <textarea
                  {...props}
                  lang={language}
                  rows={meta.kind === 'richText' ? 10 : 4}
                  className={cn(inputClasses, 'h-auto py-2 leading-relaxed')}
                />
              ) : (
                <input {...props} lang={language} type="text" className={inputClasses} />
              )}
              <Message id={`${inputId}-error`} issue={issue} />
            </div>
          );
        })}
      </div>
      <Help
        id={`${id}-help`}
        text={meta.kind === 'richText' ? (meta.help ?? 'content:help.richText') : meta.help}
      />
    </fieldset>
  );
}

function ListField({ schema, value, path, onChange, issues }: FieldProps) {
  const { t } = useTranslation('content');
  const meta = fieldMeta(schema)!;
  const items = (Array.isArray(value) ? value : []) as unknown[];
  const item = listItem(schema);
  // A list of photos (entries with a photo field): files dropped on it become new entries.
  const photoField = objectFields(item).find(([, field]) => kindOf(field) === 'image')?.[0];
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    onChange(path, next);
  };
  const titleOf = (entry: unknown, index: number) => {
    const title = meta.itemTitle ? (entry as Record<string, unknown>)?.[meta.itemTitle] : undefined;
    const text = typeof title === 'string' ? title : (title as { lt?: string } | undefined)?.lt;
    return text?.trim() ? text : t('editor.item', { number: index + 1 });
  };
  return (
    <fieldset className="rounded-xl border border-black/10 p-3 sm:p-4">
      <legend className="px-1 text-sm font-bold">{t(meta.label, { defaultValue: meta.name })}</legend>
      <Help id={`${pathKey(path)}-help`} text={meta.help} />
      <Message id={`${pathKey(path)}-error`} issue={issues.get(pathKey(path))} />
      <ol className="flex flex-col gap-3">
        {items.map((entry, index) => (
          <li key={index} className="rounded-lg border border-black/10 bg-cream/60 p-3">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h4 className="min-w-0 text-sm font-bold break-words">{titleOf(entry, index)}</h4>
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('editor.moveUp', { item: titleOf(entry, index) })}
                >
                  <ArrowUp aria-hidden="true" className="h-4 w-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('editor.moveDown', { item: titleOf(entry, index) })}
                >
                  <ArrowDown aria-hidden="true" className="h-4 w-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    onChange(
                      path,
                      items.filter((_, i) => i !== index),
                    )
                  }
                  aria-label={t('editor.remove', { item: titleOf(entry, index) })}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
            </div>
            {/* An entry's fields sit in the entry's own box: no second frame named like the list. */}
            {kindOf(item) === 'group' ? (
              <ObjectFields
                schema={item}
                value={entry}
                path={[...path, index]}
                onChange={onChange}
                issues={issues}
              />
            ) : (
              <FieldEditor
                schema={item}
                value={entry}
                path={[...path, index]}
                onChange={onChange}
                issues={issues}
              />
            )}
          </li>
        ))}
      </ol>
      {photoField ? (
        <PhotoDrop
          onUploaded={(ids) =>
            onChange(path, [
              ...items,
              ...ids.map((id) => ({ ...(emptyValue(item) as object), [photoField]: id })),
            ])
          }
        />
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        onClick={() => onChange(path, [...items, emptyValue(item)])}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t('editor.add')}
      </Button>
    </fieldset>
  );
}

/** The fields of an object, one under the other. */
export function ObjectFields({ schema, value, path, onChange, issues }: FieldProps) {
  return (
    <div className="flex flex-col gap-4">
      {objectFields(schema).map(([key, field]) => (
        <FieldEditor
          key={key}
          schema={field}
          value={(value as Record<string, unknown> | undefined)?.[key]}
          path={[...path, key]}
          onChange={onChange}
          issues={issues}
        />
      ))}
    </div>
  );
}

/**
 * A number typed as text (money in pounds, kept in pence): what the organiser types stays
 * as typed while the stored number follows it ("19." is on its way to 19.50).
 */
function NumberInput({
  id,
  money,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  id: string;
  money: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
  describedBy: string;
  invalid: boolean;
}) {
  const format = (v: unknown) =>
    typeof v === 'number' && Number.isFinite(v) ? (money ? (v / 100).toFixed(2) : String(v)) : '';
  const [text, setText] = useState(() => format(value));
  const [typedFor, setTypedFor] = useState<unknown>(value);
  // A value set from outside (load, restore) replaces what was typed.
  if (!Object.is(typedFor, value)) {
    setTypedFor(value);
    setText(format(value));
  }
  return (
    <input
      id={id}
      type="text"
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        // Nothing typed is no value (an optional amount); anything else not a number is NaN.
        const number = typed.trim() === '' ? null : Number(typed.replace(',', '.'));
        const next = money && number !== null && Number.isFinite(number) ? Math.round(number * 100) : number;
        setText(typed);
        setTypedFor(next);
        onChange(next);
      }}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className={cn(inputClasses, money && 'pl-7')}
    />
  );
}

/** One field of a content document, drawn from its schema (platform/content/fields.ts). */
export function FieldEditor(props: FieldProps) {
  const { t } = useTranslation('content');
  const { schema, value, path, onChange, issues } = props;
  const meta = fieldMeta(schema);
  const kind = kindOf(schema);
  const issue = issues.get(pathKey(path));
  const set = (next: unknown) => onChange(path, next);

  switch (kind) {
    case 'localized':
    case 'richText':
      return <LocalizedField {...props} />;
    case 'list':
      return <ListField {...props} />;
    case 'group':
      return meta ? (
        <fieldset className="rounded-xl border border-black/10 p-3 sm:p-4">
          <legend className="px-1 text-sm font-bold">{t(meta.label, { defaultValue: meta.name })}</legend>
          <ObjectFields {...props} />
        </fieldset>
      ) : (
        <ObjectFields {...props} />
      );
    case 'image':
      return (
        <ImageField label={meta?.label ?? ''} value={String(value ?? '')} onChange={set} issue={issue} />
      );
    case 'boolean':
      return (
        <label className="flex items-center gap-3 text-sm font-semibold">
          <input
            type="checkbox"
            checked={Boolean(value)}
            onChange={(event) => set(event.target.checked)}
            className="h-5 w-5 accent-ember-700"
          />
          {t(meta?.label ?? '')}
        </label>
      );
    case 'choice':
      return (
        <Labelled label={meta!.label} help={meta?.help} issue={issue}>
          {({ input, describedBy, invalid }) => (
            <select
              id={input}
              value={String(value ?? '')}
              onChange={(event) => set(event.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={inputClasses}
            >
              {meta?.options?.map((option) => (
                <option key={option} value={option}>
                  {t(`${meta.label}Options.${option}`, { defaultValue: option })}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      );
    default: {
      const type =
        kind === 'money' || kind === 'number'
          ? 'number'
          : kind === 'dateTime'
            ? 'datetime-local'
            : kind === 'time'
              ? 'time'
              : kind === 'url'
                ? 'url'
                : kind === 'email'
                  ? 'email'
                  : kind === 'phone'
                    ? 'tel'
                    : 'text';
      const shown = value === undefined || value === null ? '' : String(value);
      const parse = (text: string) => text;
      return (
        <Labelled label={meta?.label ?? ''} help={meta?.help} issue={issue}>
          {({ input, describedBy, invalid }) =>
            meta?.multiline ? (
              <textarea
                id={input}
                value={shown}
                rows={4}
                onChange={(event) => set(parse(event.target.value))}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className={cn(inputClasses, 'h-auto py-2')}
              />
            ) : (
              <div className={cn(kind === 'money' && 'relative')}>
                {kind === 'money' ? (
                  <span aria-hidden="true" className="pointer-events-none absolute top-2.5 left-3 text-muted">
                    {CURRENCY_SIGNS[meta?.currency ?? 'GBP']}
                  </span>
                ) : null}
                {kind === 'money' || kind === 'number' ? (
                  <NumberInput
                    id={input}
                    money={kind === 'money'}
                    value={value}
                    onChange={set}
                    describedBy={describedBy}
                    invalid={invalid}
                  />
                ) : (
                  <input
                    id={input}
                    type={type}
                    value={shown}
                    onChange={(event) => set(parse(event.target.value))}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    className={inputClasses}
                  />
                )}
              </div>
            )
          }
        </Labelled>
      );
    }
  }
}
