import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Form, useNavigation, useSearchParams } from 'react-router';
import type { DailyStats } from '~/platform/admin/daily';
import { formatDay, formatMoney } from '~/platform/i18n/format';

// The dashboard's charts (uPlot, decision 0023): registrations, orders and revenue, and the
// mail outbox per day, with the same numbers as a table. Loaded with React.lazy by the
// dashboard, so the chart library stays in the admin's own chunk. The registrations are the
// chosen edition's (issue 30); orders and mail belong to no edition.

interface Series {
  section: string;
  key: string;
  colour: string;
  money?: boolean;
}

interface Chart {
  id: string;
  /** Key under admin:charts. */
  title: string;
  series: Series[];
  /** Counts records of the chosen edition. */
  byEdition?: boolean;
  /** Key under admin:charts saying what it counts. */
  note?: string;
}

const CHARTS: readonly Chart[] = [
  {
    id: 'registrations',
    title: 'registrations.title',
    byEdition: true,
    note: 'registrations.note',
    series: [
      { section: 'registration', key: 'registrations', colour: '#c2410c' },
      { section: 'registration', key: 'people', colour: '#236339' },
    ],
  },
  {
    id: 'shop',
    title: 'shop.title',
    series: [
      { section: 'shop', key: 'orders', colour: '#c2410c' },
      { section: 'shop', key: 'revenuePence', colour: '#236339', money: true },
    ],
  },
  {
    id: 'mail',
    title: 'mail.title',
    series: [
      { section: 'mail', key: 'sent', colour: '#236339' },
      { section: 'mail', key: 'queued', colour: '#a16207' },
      { section: 'mail', key: 'failed', colour: '#c1272d' },
    ],
  },
];

const seriesLabel = (series: Series) =>
  `charts.${series.section === 'registration' ? 'registrations' : series.section}.${series.key}`;

const PRESETS = [
  { id: 'week', days: 7 },
  { id: 'month', days: 30 },
  { id: 'quarter', days: 90 },
] as const;

export default function DailyCharts({
  data,
  editionLabel,
}: {
  /** The days the dashboard's loader read (the range in the address, `?edition=`'s registrations). */
  data: DailyStats;
  editionLabel: string | undefined;
}) {
  const { t, i18n } = useTranslation('admin');
  const [asTable, setAsTable] = useState(false);
  const [params] = useSearchParams();
  const loading = useNavigation().state === 'loading';
  const forEdition = editionLabel ? t('editions.chart', { edition: editionLabel }) : null;
  const language = i18n.language;
  const value = (day: DailyStats['days'][number], series: Series) =>
    day.values[series.section]?.[series.key] ?? 0;
  const shown = (series: Series, n: number) => (series.money ? formatMoney(n, language) : String(n));

  return (
    <section
      aria-labelledby="daily-title"
      className="mt-8 rounded-xl border border-black/10 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="daily-title" className="text-xl font-bold">
            {t('charts.title')}
          </h2>
          <p className="text-sm text-muted">{t('charts.lead')}</p>
          {forEdition ? (
            <p className="text-sm font-semibold" data-testid="charts-edition">
              {forEdition}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          aria-pressed={asTable}
          onClick={() => setAsTable((v) => !v)}
          className="h-10 cursor-pointer rounded-full border border-black/10 px-4 text-sm font-semibold hover:bg-sand"
        >
          {t(asTable ? 'charts.showCharts' : 'charts.showTable')}
        </button>
      </div>
      {/* The range is in the address (`?from=&to=`, a preset `?days=`): the loader reads it. */}
      <Form
        method="get"
        replace
        preventScrollReset
        className="mt-4 flex flex-wrap items-end gap-3"
        key={`${data.from}:${data.to}`}
      >
        {['tab', 'edition'].map((name) => {
          const value = params.get(name);
          return value === null ? null : <input key={name} type="hidden" name={name} value={value} />;
        })}
        <label className="flex flex-col text-sm font-semibold">
          {t('charts.from')}
          <input
            type="date"
            name="from"
            defaultValue={data.from}
            required
            className="mt-1 h-10 rounded-md border border-black/20 px-2"
          />
        </label>
        <label className="flex flex-col text-sm font-semibold">
          {t('charts.to')}
          <input
            type="date"
            name="to"
            defaultValue={data.to}
            required
            className="mt-1 h-10 rounded-md border border-black/20 px-2"
          />
        </label>
        <button
          type="submit"
          className="h-10 cursor-pointer rounded-full bg-ink px-4 text-sm font-semibold text-white hover:bg-ink/85"
        >
          {t('charts.show')}
        </button>
        {PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="submit"
            name="days"
            value={preset.days}
            formNoValidate
            className="h-10 cursor-pointer rounded-full border border-black/10 px-3 text-sm font-semibold hover:bg-sand"
          >
            {t(`charts.range.${preset.id}`)}
          </button>
        ))}
      </Form>
      {asTable ? (
        <div className="mt-4 overflow-x-auto" aria-busy={loading}>
          <table className="w-full text-sm tabular-nums" data-testid="daily-table">
            <caption className="sr-only">{t('charts.title')}</caption>
            <thead>
              <tr className="border-b border-black/10 text-left">
                <th scope="col" className="py-2 pr-3">
                  {t('charts.date')}
                </th>
                {CHARTS.flatMap((chart) => chart.series).map((series) => (
                  <th key={`${series.section}.${series.key}`} scope="col" className="py-2 pr-3 text-right">
                    {t(seriesLabel(series))}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.days.map((day) => (
                <tr key={day.date} className="border-b border-black/5">
                  <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                    <time dateTime={day.date}>{formatDay(day.date, language)}</time>
                  </th>
                  {CHARTS.flatMap((chart) => chart.series).map((series) => (
                    <td
                      key={`${series.section}.${series.key}`}
                      data-series={`${series.section}.${series.key}`}
                      className="py-1.5 pr-3 text-right"
                    >
                      {shown(series, value(day, series))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-3" aria-busy={loading}>
          {CHARTS.map((chart) => (
            <figure key={chart.id} data-testid={`chart-${chart.id}`}>
              <figcaption className="font-semibold">
                {t(`charts.${chart.title}`)}
                {chart.byEdition && editionLabel ? (
                  <span className="font-normal text-muted"> · {editionLabel}</span>
                ) : null}
              </figcaption>
              {chart.note ? <p className="text-xs text-muted">{t(`charts.${chart.note}`)}</p> : null}
              <ul className="mt-1 flex flex-wrap gap-x-4 text-sm">
                {chart.series.map((series) => {
                  const total = data.days.reduce((sum, day) => sum + value(day, series), 0);
                  return (
                    <li key={series.key} className="flex items-center gap-1.5">
                      <span
                        aria-hidden="true"
                        className="h-2.5 w-2.5 rounded-full"
                        style={{ background: series.colour }}
                      />
                      {t(seriesLabel(series))}: <strong>{shown(series, total)}</strong>
                    </li>
                  );
                })}
              </ul>
              <UPlotChart days={data.days} chart={chart} />
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}

/** One uPlot chart: days along the bottom, counts on the left, money (if any) on the right. */
function UPlotChart({ days, chart }: { days: DailyStats['days']; chart: Chart }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const dates = days.map((day) => day.date);
    const hasMoney = chart.series.some((s) => s.money);
    const width = () => Math.max(element.clientWidth, 240);
    const plot = new uPlot(
      {
        width: width(),
        height: 220,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: false },
          count: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
          money: { range: (_u, _min, max) => [0, Math.max(max, 100)] },
        },
        axes: [
          {
            values: (_u, ticks) => ticks.map((i) => (dates[i] ? formatDay(dates[i], language) : '')),
            space: 60,
          },
          { scale: 'count', values: (_u, ticks) => ticks.map((n) => (Number.isInteger(n) ? String(n) : '')) },
          ...(hasMoney
            ? [
                {
                  scale: 'money',
                  side: 1 as const,
                  grid: { show: false },
                  values: (_u: uPlot, ticks: number[]) => ticks.map((n) => formatMoney(n, language)),
                  size: 70,
                },
              ]
            : []),
        ],
        series: [
          {},
          ...chart.series.map((s) => ({
            label: t(seriesLabel(s)),
            stroke: s.colour,
            width: 2,
            scale: s.money ? 'money' : 'count',
            points: { show: dates.length <= 45 },
          })),
        ],
      },
      [
        dates.map((_, i) => i),
        ...chart.series.map((s) => days.map((day) => day.values[s.section]?.[s.key] ?? 0)),
      ],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, chart, language, t]);

  // The canvas pictures the totals listed above it; the table view has every number.
  return <div ref={box} aria-hidden="true" className="mt-2 min-h-[220px] w-full" />;
}
