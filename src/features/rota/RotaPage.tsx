import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { EditionInAddress } from '~/platform/admin/EditionPicker';
import {
  ConfirmButton,
  Field,
  inputClasses,
  panelClasses,
  PanelTitle,
  PrintAndCsv,
} from '~/platform/admin/parts';
import { ApiError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { dateTimeFormat, EVENT_TIME_ZONE, localeOf } from '~/platform/i18n/format';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { ClipboardList } from '~/platform/ui/icons/icons';
import { ROTA_ENDPOINTS, rotaPath, type RotaData, type RotaSlot, type RotaTask } from './rota';

/** The admin's input look at a smaller height, its width set where it is used (not the field's full width). */
const compactSelect = `${inputClasses.replace(/\b(w-full|h-11|text-base)\b/g, '')} h-9 text-sm`;

type Call = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => Promise<boolean>;

/**
 * One change to the rota: sent, then the page's loader reads the rota again (revalidation);
 * a refusal's translated reason (a field's, or the answer's) is kept to show.
 */
function useRotaChange() {
  const revalidator = useRevalidator();
  const [error, setError] = useState<{ field?: string; message: string }>();
  const [busy, setBusy] = useState(false);
  const call: Call = async (method, url, body) => {
    setBusy(true);
    setError(undefined);
    try {
      await apiRequest(method, url, body);
      await revalidator.revalidate();
      return true;
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.body : undefined;
      const field = body?.fields?.[0];
      setError(field ?? { message: body?.message ?? 'admin:rota.errors.failed' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { call, error, busy };
}

/**
 * The volunteer rota of an edition (issue 47): the slots by day as a grid, each with the
 * helpers placed and how many are still missing (highlighted), helpers placed, moved or taken
 * off by the organisers; the tasks with their slots; a new task; print (A4) and CSV.
 */
export function RotaPage({ data }: { data: RotaData }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const { rota } = data;
  const change = useRotaChange();
  const csv = `${ROTA_ENDPOINTS.csv.path}?${new URLSearchParams({ edition: data.edition, lang: language })}`;
  const titleOf = (task: RotaTask) => (language === 'en' ? task.titleEn : task.titleLt);
  const day = dateTimeFormat(localeOf(language), {
    timeZone: EVENT_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const clock = dateTimeFormat(localeOf(language), {
    timeZone: EVENT_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  });
  const slots = rota.tasks
    .flatMap((task) => task.slots.map((slot) => ({ task, slot })))
    .sort((a, b) => a.slot.start.localeCompare(b.slot.start));
  const days = [...new Set(slots.map(({ slot }) => day.format(new Date(slot.start))))];
  const gridId = useId();

  return (
    <>
      <EditionInAddress choices={data.choices} value={data.edition} help={t('rota.editionHelp')} />
      {change.error ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 print:hidden"
        >
          {t(change.error.message)}
        </p>
      ) : null}
      <section
        aria-labelledby={gridId}
        className={`mt-4 ${panelClasses} print:border-0 print:p-0 print:shadow-none`}
      >
        <PanelTitle id={gridId} icon={ClipboardList} title={t('rota.gridTitle')} help={t('rota.help')} />
        {slots.length === 0 ? <p className="mt-4 text-muted">{t('rota.empty')}</p> : null}
        {days.map((name) => (
          <Fragment key={name}>
            <h3 className="mt-6 text-base font-bold first-letter:uppercase">{name}</h3>
            <ul className="mt-2 grid gap-3" data-testid="rota-day">
              {slots
                .filter(({ slot }) => day.format(new Date(slot.start)) === name)
                .map(({ task, slot }) => (
                  <SlotRow
                    key={slot.id}
                    title={titleOf(task)}
                    time={`${clock.format(new Date(slot.start))}–${clock.format(new Date(slot.end))}`}
                    slot={slot}
                    others={slots.filter((other) => other.slot.id !== slot.id)}
                    people={rota.people}
                    change={change}
                    label={(other) =>
                      `${titleOf(other.task)} · ${day.format(new Date(other.slot.start))} ${clock.format(new Date(other.slot.start))}`
                    }
                  />
                ))}
            </ul>
          </Fragment>
        ))}
        <PrintAndCsv csv={csv} print={t('rota.print')} download={t('rota.csvDownload')} />
      </section>
      {rota.edition !== null ? (
        <>
          <TaskList tasks={rota.tasks} titleOf={titleOf} change={change} />
          <NewTask edition={rota.edition} />
        </>
      ) : null}
    </>
  );
}

type Change = ReturnType<typeof useRotaChange>;
type Placed = { task: RotaTask; slot: RotaSlot };

/** One slot in the grid: its helpers (each can be moved or taken off), the gap, and "place". */
function SlotRow({
  title,
  time,
  slot,
  others,
  people,
  change,
  label,
}: {
  title: string;
  time: string;
  slot: RotaSlot;
  others: Placed[];
  people: Array<{ id: string; name: string }>;
  change: Change;
  label: (other: Placed) => string;
}) {
  const { t } = useTranslation('admin');
  const [person, setPerson] = useState('');
  const missing = slot.helpers - slot.placed.length;
  const placeId = useId();
  const free = people.filter(
    (candidate) => !slot.placed.some((helper) => helper.registrationId === candidate.id),
  );
  return (
    <li
      className={`min-w-0 rounded-lg border p-3 ${missing > 0 ? 'border-amber-400 bg-amber-50' : 'border-black/10'}`}
      data-slot={slot.id}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <p className="font-semibold">
          <span className="tabular-nums">{time}</span> · {title}
        </p>
        <p className={`text-sm ${missing > 0 ? 'font-bold text-amber-900' : 'text-muted'}`}>
          {missing > 0
            ? t('rota.missing', { count: missing, helpers: slot.helpers })
            : t('rota.full', { helpers: slot.helpers })}
        </p>
      </div>
      {slot.placed.length > 0 ? (
        <ul className="mt-2 grid gap-2">
          {slot.placed.map((helper) => (
            <li key={helper.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <span className="font-medium">{helper.name}</span>{' '}
                <span className="whitespace-nowrap text-muted">{helper.phone}</span>
              </span>
              <span className="flex w-full flex-wrap items-center gap-2 sm:w-auto print:hidden">
                {others.length > 0 ? (
                  <select
                    aria-label={t('rota.moveLabel', { name: helper.name })}
                    className={cn(compactSelect, 'w-full sm:w-56')}
                    value=""
                    disabled={change.busy}
                    onChange={(event) =>
                      event.target.value &&
                      void change.call('PUT', rotaPath(ROTA_ENDPOINTS.helper.path, helper.id), {
                        slotId: event.target.value,
                      })
                    }
                  >
                    <option value="">{t('rota.move')}</option>
                    {others.map((other) => (
                      <option key={other.slot.id} value={other.slot.id}>
                        {label(other)}
                      </option>
                    ))}
                  </select>
                ) : null}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('rota.removeLabel', { name: helper.name })}
                  disabled={change.busy}
                  onClick={() => void change.call('DELETE', rotaPath(ROTA_ENDPOINTS.helper.path, helper.id))}
                >
                  {t('rota.remove')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {missing > 0 && free.length > 0 ? (
        <form
          className="mt-2 flex flex-wrap items-center gap-2 print:hidden"
          onSubmit={(event) => {
            event.preventDefault();
            if (person)
              void change
                .call('POST', ROTA_ENDPOINTS.helpers.path, { slotId: slot.id, registrationId: person })
                .then((done) => done && setPerson(''));
          }}
        >
          <label htmlFor={placeId} className="sr-only">
            {t('rota.placeLabel', { task: title, time })}
          </label>
          <select
            id={placeId}
            className={cn(compactSelect, 'w-full sm:w-64')}
            value={person}
            onChange={(event) => setPerson(event.target.value)}
          >
            <option value="">{t('rota.choose')}</option>
            {free.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
          <Button type="submit" size="sm" variant="outline" disabled={!person || change.busy}>
            {t('rota.place')}
          </Button>
        </form>
      ) : null}
    </li>
  );
}

/** The tasks with their slots: another slot for one, a slot or a whole task deleted. */
function TaskList({
  tasks,
  titleOf,
  change,
}: {
  tasks: RotaTask[];
  titleOf: (task: RotaTask) => string;
  change: Change;
}) {
  const { t } = useTranslation('admin');
  if (tasks.length === 0) return null;
  return (
    <section className={`mt-4 ${panelClasses} print:hidden`}>
      <h2 className="text-lg font-bold">{t('rota.tasksTitle')}</h2>
      <ul className="mt-2 grid gap-4">
        {tasks.map((task) => (
          <li key={task.id} className="border-t border-black/10 pt-3" data-task={task.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">
                {titleOf(task)}{' '}
                <span className="font-normal text-muted">
                  · {t('rota.slotCount', { count: task.slots.length })}
                </span>
              </p>
              <ConfirmButton
                label={t('rota.deleteTask')}
                title={t('rota.deleteTaskTitle', { task: titleOf(task) })}
                text={t('rota.deleteTaskText')}
                confirmLabel={t('rota.deleteTask')}
                cancelLabel={t('rota.cancel')}
                disabled={change.busy}
                onConfirm={() => void change.call('DELETE', rotaPath(ROTA_ENDPOINTS.task.path, task.id))}
              />
            </div>
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-semibold text-ember-700">
                {t('rota.addSlotButton')}
              </summary>
              <SlotForm
                legend={t('rota.addSlot', { task: titleOf(task) })}
                submit={t('rota.addSlotButton')}
                send={(call, slot) => call('POST', ROTA_ENDPOINTS.slots.path, { taskId: task.id, ...slot })}
              />
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface SlotValues {
  start: string;
  end: string;
  helpers: number;
}

/** A slot's start, end (UK time) and helpers needed, with the refusal's field errors. */
function SlotForm({
  legend,
  submit,
  send,
  fields,
}: {
  legend: string;
  submit: string;
  send: (call: Call, slot: SlotValues) => Promise<boolean>;
  /** Fields before the slot's (a new task's names), given this form's error of a field. */
  fields?: (errorOf: (field: string) => string | undefined) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const change = useRotaChange();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [helpers, setHelpers] = useState('2');
  const errorOf = (field: string) => (change.error?.field === field ? t(change.error.message) : undefined);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await send(change.call, { start, end, helpers: Number(helpers) })) {
      setStart('');
      setEnd('');
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-3">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">{legend}</legend>
        {fields?.(errorOf)}
        <Field
          label={t('rota.start')}
          type="datetime-local"
          value={start}
          onChange={(event) => setStart(event.target.value)}
          error={errorOf('start')}
        />
        <Field
          label={t('rota.end')}
          type="datetime-local"
          value={end}
          onChange={(event) => setEnd(event.target.value)}
          error={errorOf('end')}
        />
        <Field
          label={t('rota.helpers')}
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          value={helpers}
          onChange={(event) => setHelpers(event.target.value)}
          error={errorOf('helpers')}
        />
      </fieldset>
      {change.error && !change.error.field ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {t(change.error.message)}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="mt-3" disabled={change.busy}>
        {submit}
      </Button>
    </form>
  );
}

/** A new task, named in both languages, with its first slot. */
function NewTask({ edition }: { edition: number }) {
  const { t } = useTranslation('admin');
  const [titleLt, setTitleLt] = useState('');
  const [titleEn, setTitleEn] = useState('');
  return (
    <section className={`mt-4 ${panelClasses} print:hidden`}>
      <h2 className="text-lg font-bold">{t('rota.newTask')}</h2>
      <p className="mt-1 text-sm text-muted">{t('rota.newTaskHelp')}</p>
      <SlotForm
        legend={t('rota.newTaskLegend')}
        submit={t('rota.createTask')}
        send={async (call, slot) => {
          const done = await call('POST', ROTA_ENDPOINTS.tasks.path, { edition, titleLt, titleEn, ...slot });
          if (done) {
            setTitleLt('');
            setTitleEn('');
          }
          return done;
        }}
        fields={(errorOf) => (
          <>
            <Field
              label={t('rota.titleLt')}
              value={titleLt}
              onChange={(event) => setTitleLt(event.target.value)}
              error={errorOf('titleLt')}
            />
            <Field
              label={t('rota.titleEn')}
              value={titleEn}
              onChange={(event) => setTitleEn(event.target.value)}
              error={errorOf('titleEn')}
            />
          </>
        )}
      />
    </section>
  );
}
