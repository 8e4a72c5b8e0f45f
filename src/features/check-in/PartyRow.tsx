import { useId, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { Check, Minus, Plus, RotateCcw } from '~/platform/ui/icons/icons';
import { MAX_PARTY, type Party } from './api';

export interface Counts {
  adults: number;
  children: number;
  tents: number;
}

/** One party: its name and what it registered; one tap marks it arrived, or undoes that. */
export function PartyRow({
  party,
  waiting,
  time,
  onArrive,
  onUndo,
}: {
  party: Party;
  /** A tick for it is still waiting to be sent. */
  waiting: boolean;
  time: (iso: string) => string;
  onArrive: (counts: Counts) => void;
  onUndo: () => void;
}) {
  const { t } = useTranslation('checkIn');
  const [editing, setEditing] = useState(false);
  const registered: Counts = { adults: party.adults, children: party.children, tents: party.tents };
  const [counts, setCounts] = useState<Counts>(registered);
  const nameId = useId();
  const name = `${party.lastName} ${party.firstName}`;
  const summary = (c: Counts) =>
    [
      t('party.adults', { count: c.adults }),
      t('party.children', { count: c.children }),
      t('party.tents', { count: c.tents }),
    ].join(' · ');

  return (
    <li
      aria-labelledby={nameId}
      data-party={party.id}
      className={cn('px-3 py-3 sm:px-4', party.arrival && 'bg-forest-50')}
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p id={nameId} className="text-lg leading-snug font-semibold break-words">
            {/* Each part isolated: a right-to-left name cannot reorder the rest (issue 42, item 5). */}
            <bdi>{party.lastName}</bdi> <bdi>{party.firstName}</bdi>
          </p>
          <p className="text-sm text-muted">
            {party.arrival
              ? t('party.arrived', {
                  time: time(party.arrival.arrivedAt),
                  by: party.arrival.by,
                  counts: summary(party.arrival),
                })
              : summary(registered)}
            {waiting && <span className="ml-1 font-semibold text-ember-700">{t('party.waiting')}</span>}
          </p>
        </div>
        {party.arrival ? (
          <Button variant="ghost" size="sm" onClick={onUndo} aria-label={t('party.undoFor', { name })}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            {t('party.undo')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={() => onArrive(editing ? counts : registered)}
            aria-label={t('party.arriveFor', { name })}
          >
            <Check aria-hidden="true" className="h-5 w-5" />
            {t('party.arrive')}
          </Button>
        )}
      </div>
      {!party.arrival &&
        (editing ? (
          <div className="mt-3 grid grid-cols-3 gap-2">
            {(['adults', 'children', 'tents'] as const).map((key) => (
              <Stepper
                key={key}
                label={t(`party.${key}Label`)}
                value={counts[key]}
                min={0}
                onChange={(value) => setCounts({ ...counts, [key]: value })}
              />
            ))}
          </div>
        ) : (
          <button
            type="button"
            className="mt-1 text-sm font-semibold text-ember-700 underline underline-offset-2"
            onClick={() => setEditing(true)}
          >
            {t('party.otherNumbers')}
          </button>
        ))}
    </li>
  );
}

function Stepper({
  label,
  value,
  min,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation('checkIn');
  return (
    <div className="rounded-lg bg-white p-1.5 text-center shadow-sm" role="group" aria-label={label}>
      <p className="text-xs text-muted">{label}</p>
      <div className="flex items-center justify-between">
        <button
          type="button"
          aria-label={t('party.less', { what: label })}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-sand disabled:opacity-40"
        >
          <Minus aria-hidden="true" className="h-4 w-4" />
        </button>
        <output className="text-lg font-bold tabular-nums">{value}</output>
        <button
          type="button"
          aria-label={t('party.more', { what: label })}
          disabled={value >= MAX_PARTY}
          onClick={() => onChange(value + 1)}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-sand disabled:opacity-40"
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
