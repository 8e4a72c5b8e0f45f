import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '~/platform/admin/parts';

/** A photo field: which photo (its id); the media library replaces this plain input. */
export function ImageField({
  label,
  value,
  onChange,
  issue,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  issue: string | undefined;
}) {
  const { t } = useTranslation('content');
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {t(label)}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
      />
      {issue ? <p className="mt-1 text-sm font-medium text-red-800">{t(issue)}</p> : null}
    </div>
  );
}
