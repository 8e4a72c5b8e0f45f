import { UtensilsCrossed } from '~/platform/ui/icons/icons';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { Field, panelClasses, PanelTitle, PrintAndCsv } from '~/platform/admin/parts';
import { ApiError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { numberFormat, localeOf } from '~/platform/i18n/format';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Button } from '~/platform/ui/Button';
import { EditionInAddress, useEditionOptions } from '~/platform/admin/EditionPicker';
import {
  FOOD_COLUMNS,
  FOOD_ENDPOINTS,
  FOOD_GRAMS_KEY,
  FOOD_ROWS,
  foodKey,
  foodKg,
  type FoodData,
  type FoodRow,
} from './food';
import { DIET_NAMES } from './schema';

const DIET_ROWS = new Set<FoodRow>(DIET_NAMES);

/**
 * The food counts of an edition (issue 47): portions by diet, adults and children,
 * competitors and those bringing a dish, expected and arrived; the food to buy at the amount
 * per person the organisers set; printable (A4) and as a CSV without names.
 */
export function FoodPage({ data }: { data: FoodData }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const options = useEditionOptions(data.choices);
  const editionLabel = options.find((option) => option.value === data.edition)?.label;
  const { numbers } = data;
  const count = (column: (typeof FOOD_COLUMNS)[number], row: FoodRow) => numbers[foodKey(column, row)] ?? 0;
  const grams = numbers[FOOD_GRAMS_KEY] ?? 0;
  const decimal = numberFormat(localeOf(language), { maximumFractionDigits: 2 });
  const kg = (people: number) => decimal.format(foodKg(people, grams));
  const csv = `${FOOD_ENDPOINTS.csv.path}?${new URLSearchParams({ edition: data.edition, lang: language })}`;
  const titleId = useId();

  return (
    <>
      <EditionInAddress choices={data.choices} value={data.edition} help={t('food.editionHelp')} />
      <section
        aria-labelledby={titleId}
        className={`mt-4 ${panelClasses} print:border-0 print:p-0 print:shadow-none`}
      >
        <PanelTitle
          id={titleId}
          icon={UtensilsCrossed}
          title={t('food.countsTitle')}
          help={t('food.countsHelp')}
        />
        {editionLabel ? <p className="mt-1 text-sm font-semibold">{editionLabel}</p> : null}
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="food-counts">
            <thead>
              <tr className="border-b border-black/10">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('food.csv.counted')}
                </th>
                {FOOD_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="py-2 pr-2 text-right font-semibold">
                    {t(`food.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {FOOD_ROWS.map((row) => (
                <Fragment key={row}>
                  {row === DIET_NAMES[0] ? (
                    <tr>
                      <th scope="rowgroup" colSpan={3} className="pt-3 pb-1 font-semibold text-forest-700">
                        {t('food.rows.diets')}
                      </th>
                    </tr>
                  ) : null}
                  <tr data-row={row} className="border-b border-black/5">
                    <th scope="row" className={`py-2 pr-4 font-normal ${DIET_ROWS.has(row) ? 'pl-4' : ''}`}>
                      {t(`food.rows.${row}`)}
                    </th>
                    {FOOD_COLUMNS.map((column) => (
                      <td key={column} className="py-2 pr-2 text-right text-base font-bold tabular-nums">
                        {decimal.format(count(column, row))}
                      </td>
                    ))}
                  </tr>
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-xs text-muted">{t('food.overlapNote')}</p>
        <p className="mt-4 rounded-lg bg-forest-50 p-3 text-base" data-testid="food-estimate">
          {t('food.estimate', {
            kg: kg(count('expected', 'people')),
            people: decimal.format(count('expected', 'people')),
            perPerson: decimal.format(grams / 1000),
          })}
        </p>
        <PrintAndCsv csv={csv} print={t('food.print')} download={t('food.csvDownload')} />
      </section>
      {data.edition !== 'none' ? (
        <PerPersonForm edition={Number(data.edition)} grams={grams} key={`${data.edition}-${grams}`} />
      ) : null}
    </>
  );
}

/** The amount of food per person the estimate uses, for this edition (audited). */
function PerPersonForm({ edition, grams }: { edition: number; grams: number }) {
  const { t } = useTranslation('admin');
  const revalidator = useRevalidator();
  const [value, setValue] = useState(String(grams / 1000));
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      await apiRequest('PUT', FOOD_ENDPOINTS.settings.path, {
        edition,
        kgPerPerson: Number(value.replace(',', '.')),
      });
      setSaved(true);
      void revalidator.revalidate();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.body.fields?.[0]?.message : undefined;
      setError(field ?? 'admin:food.errors.failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void save(event)} className={`mt-4 ${panelClasses} print:hidden`} noValidate>
      <h2 className="text-lg font-bold">{t('food.perPersonTitle')}</h2>
      <div className="mt-2 grid max-w-sm justify-items-start gap-3">
        <Field
          label={t('food.perPersonLabel')}
          help={t('food.perPersonHelp')}
          error={error ? t(error) : undefined}
          type="number"
          inputMode="decimal"
          step="0.05"
          min={0}
          max={5}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="w-full"
        />
        <Button type="submit" disabled={busy}>
          {t('food.save')}
        </Button>
      </div>
      {saved ? (
        <p role="status" className="mt-2 text-sm font-medium text-forest-700">
          {t('food.saved')}
        </p>
      ) : null}
    </form>
  );
}
