import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { type EditionChoices, NO_EDITION } from '~/platform/admin/edition';
import { inputClasses } from '~/platform/admin/parts';

export interface EditionOption {
  /** What `?edition=` says: the number, or 'none'. */
  value: string;
  label: string;
}

/**
 * The editions an organiser can choose (issue 30): every published one, newest first, as
 * "2026 · 5th", and the records of no edition only when there are some.
 */
export function useEditionOptions(choices: EditionChoices | undefined): EditionOption[] {
  const { t } = useTranslation('admin');
  if (!choices) return [];
  const options = choices.editions.map(({ edition, year }) => {
    const label = t('editions.option', { count: edition, ordinal: true, year });
    return {
      value: String(edition),
      label: edition === choices.current ? t('editions.current', { edition: label }) : label,
    };
  });
  return choices.none > 0
    ? [...options, { value: NO_EDITION, label: t('editions.none', { count: choices.none }) }]
    : options;
}

/** The edition the dashboard shows: one choice for its numbers, chart, lists and CSV files. */
export function EditionPicker({
  options,
  value,
  onChange,
  help,
}: {
  options: EditionOption[];
  value: string | undefined;
  onChange: (value: string) => void;
  /** What the choice changes on this page (the dashboard's by default). */
  help?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="mt-4 flex flex-col gap-2 rounded-xl border border-black/10 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('editions.label')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={value === undefined}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} sm:w-64`}
        data-testid="edition-picker"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} className="text-sm text-muted">
        {value === NO_EDITION ? t('editions.noneHelp') : (help ?? t('editions.help'))}
      </p>
    </div>
  );
}

/**
 * The edition choice of an admin page on a loader (the food counts, the rota): the choice is
 * `?edition=` in the address, so the loader reads the edition chosen.
 */
export function EditionInAddress({
  choices,
  value,
  help,
}: {
  choices: EditionChoices;
  value: string;
  help: string;
}) {
  const [params, setParams] = useSearchParams();
  return (
    <div className="print:hidden">
      <EditionPicker
        options={useEditionOptions(choices)}
        value={value}
        help={help}
        onChange={(edition) => {
          const next = new URLSearchParams(params);
          next.set('edition', edition);
          setParams(next, { preventScrollReset: true });
        }}
      />
    </div>
  );
}
