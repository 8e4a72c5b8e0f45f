import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { dateTimeFormat, EVENT_TIME_ZONE, localeOf } from '~/platform/i18n/format';
import { PATHS } from '~/platform/paths';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { ArrowLeft, FileText, Search, TriangleAlert } from '~/platform/ui/icons/icons';
import { loadToasts, notify } from '~/platform/ui/notify';
import { PageMeta } from '~/platform/ui/PageMeta';
import { Spinner } from '~/platform/ui/Spinner';
import { type ArrivalsPrint, type CheckInList, CHECK_IN_ENDPOINTS, type Headcount, type Party } from './api';
import { LinksDialog } from './LinksDialog';
import {
  enqueue,
  type FlushResult,
  flushQueue,
  forgetAll,
  type QueuedTick,
  queuedTicks,
  saveList,
  savedList,
  withQueue,
} from './offline';
import { PartyRow, type Counts } from './PartyRow';
import { ArrivalsPrintList, PrintList } from './PrintList';
import { ScanButton } from './ScanButton';
import { forgetScreen, keepScreenOffline } from './service-worker';

/** Other phones' ticks show up within this while online. */
const REFRESH_MS = 30_000;
/** A queue that could not be sent is tried again this often (besides the `online` event). */
const RETRY_MS = 15_000;

/** Flush results whose notices have been raised. */
const told = new WeakSet<FlushResult>();

type Access = 'loading' | 'ok' | 'signedOut' | 'noCopy';

/** Lower case, without accents: "zemaityte" finds "Žemaitytė". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function headcount(parties: readonly Party[], arrived: boolean): Headcount {
  const total: Headcount = { parties: 0, people: 0, tents: 0 };
  for (const party of parties) {
    const counts = arrived ? party.arrival : party;
    if (!counts) continue;
    total.parties++;
    total.people += counts.adults + counts.children;
    total.tents += counts.tents;
  }
  return total;
}

/**
 * The gate's check-in screen (issue 33): one hand, one tap per party. It shows the saved copy
 * at once, sends the queued ticks, then asks the server; it keeps working without a
 * connection (offline.ts, the service worker) and prints an alphabetical list as the fallback.
 */
export function CheckInPage() {
  const { t, i18n } = useTranslation('checkIn');
  const language = i18n.language;
  const [searchParams] = useSearchParams();
  const [list, setList] = useState<CheckInList>();
  const [queue, setQueue] = useState<QueuedTick[]>([]);
  const [access, setAccess] = useState<Access>('loading');
  const [online, setOnline] = useState(true);
  const [offlineReady, setOfflineReady] = useState(false);
  const [query, setQuery] = useState('');
  const [scanned, setScanned] = useState<{ id: string; code: string }>();
  // What the printer gets: the gate list, or (an admin's choice) who has arrived.
  const [arrivals, setArrivals] = useState<ArrivalsPrint>();
  const listRef = useRef(list);
  listRef.current = list;

  const endAccess = useCallback(async () => {
    await forgetAll();
    await forgetScreen().catch(() => undefined);
    listRef.current = undefined;
    setList(undefined);
    setQueue([]);
    setAccess('signedOut');
  }, []);

  const refresh = useCallback(async () => {
    try {
      const fresh = await apiRequest<CheckInList>('GET', CHECK_IN_ENDPOINTS.list.url());
      await saveList(fresh);
      listRef.current = fresh;
      setList(fresh);
      setOnline(true);
      setAccess('ok');
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 401 || status === 403) return endAccess();
      if (status === 0) setOnline(false);
      setAccess(listRef.current ? 'ok' : 'noCopy');
    }
  }, [endAccess]);

  /** Sends what waits, then asks for the list (with the other phones' ticks). */
  const sync = useCallback(async () => {
    const result = await flushQueue();
    setQueue(await queuedTicks());
    const name = (id: string) => {
      const party = listRef.current?.parties.find((p) => p.id === id);
      return party ? `${party.firstName} ${party.lastName}` : '';
    };
    // Calls that joined one flush (the `online` event, the retry, a tick) share its result: told once.
    if (!told.has(result)) {
      told.add(result);
      for (const id of result.alreadyArrived)
        void notify('info', t('sync.alreadyArrived', { name: name(id) }));
      for (const id of result.refused) void notify('error', t('sync.refused', { name: name(id) }));
    }
    if (result.stopped === 'network') setOnline(false);
    await refresh();
  }, [refresh, t]);

  useEffect(() => {
    let current = true;
    void (async () => {
      const [saved, waiting] = await Promise.all([savedList(), queuedTicks()]);
      if (!current) return;
      if (saved) {
        listRef.current = saved;
        setList(saved);
        setAccess('ok');
      }
      setQueue(waiting);
      setOnline(navigator.onLine);
      await sync();
      // The notices (toasts) are saved with the screen: a notice raised right after the
      // connection came back must not depend on fetching the toast library then.
      await loadToasts().catch(() => undefined);
      if (current && listRef.current)
        keepScreenOffline().then(
          (ready) => current && setOfflineReady(ready),
          () => undefined,
        );
    })();
    const goneOnline = () => void sync();
    const goneOffline = () => setOnline(false);
    window.addEventListener('online', goneOnline);
    window.addEventListener('offline', goneOffline);
    return () => {
      current = false;
      window.removeEventListener('online', goneOnline);
      window.removeEventListener('offline', goneOffline);
    };
  }, [sync]);

  useEffect(() => {
    const every = setInterval(
      () => {
        if (queue.length > 0 || navigator.onLine) void sync();
      },
      queue.length > 0 ? RETRY_MS : REFRESH_MS,
    );
    return () => clearInterval(every);
  }, [queue.length, sync]);

  const tick = async (next: QueuedTick) => {
    setQueue(await enqueue(next));
    void sync();
  };
  const arrive = (party: Party, counts: Counts) =>
    tick({
      kind: 'arrive',
      registrationId: party.id,
      ...counts,
      at: new Date().toISOString(),
      ...(scanned?.id === party.id && { code: scanned.code }),
    });
  const undo = (party: Party) =>
    tick({ kind: 'undo', registrationId: party.id, at: new Date().toISOString() });

  const parties = useMemo(() => {
    if (!list) return [];
    const locale = localeOf(language);
    return withQueue(list.parties, queue, list.you.label).sort(
      (a, b) =>
        a.lastName.localeCompare(b.lastName, locale) || a.firstName.localeCompare(b.firstName, locale),
    );
  }, [list, queue, language]);
  const shown = useMemo(() => {
    if (scanned && !query) return parties.filter((party) => party.id === scanned.id);
    const words = folded(query).split(/\s+/).filter(Boolean);
    return parties.filter((party) => {
      const name = folded(`${party.firstName} ${party.lastName}`);
      return words.every((word) => name.includes(word));
    });
  }, [parties, query, scanned]);
  const waiting = new Set(queue.map((queued) => queued.registrationId));
  const time = (iso: string) =>
    dateTimeFormat(localeOf(language), {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: EVENT_TIME_ZONE,
    }).format(new Date(iso));
  const dayTime = (iso: string) =>
    dateTimeFormat(localeOf(language), {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: EVENT_TIME_ZONE,
    }).format(new Date(iso));

  // Printed once it is on the page; the gate list is what prints otherwise.
  useEffect(() => {
    if (!arrivals) return;
    const done = () => setArrivals(undefined);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [arrivals]);
  const printArrivals = async () => {
    try {
      setArrivals(await apiRequest<ArrivalsPrint>('GET', CHECK_IN_ENDPOINTS.arrivalsPrint.url()));
    } catch {
      void notify('error', t('print.arrivals.error'));
    }
  };

  const leave = async () => {
    await apiRequest('POST', CHECK_IN_ENDPOINTS.leave.url()).catch(() => undefined);
    await endAccess();
  };

  if (access === 'loading')
    return (
      <Shell>
        <Spinner label={t('loading')} className="py-32" />
      </Shell>
    );
  if (access === 'signedOut' || access === 'noCopy' || !list)
    return (
      <Shell>
        <div className="mx-auto max-w-md space-y-4 px-4 py-16 text-center">
          <h1 className="text-2xl font-bold">{t('title')}</h1>
          <p>
            {searchParams.get('link') === 'ended'
              ? t('access.linkEnded')
              : access === 'noCopy'
                ? t('access.noCopy')
                : t('access.signedOut')}
          </p>
          <Button asChild>
            <Link to={PATHS.adminLogin}>{t('access.signIn')}</Link>
          </Button>
        </div>
      </Shell>
    );

  const expected = headcount(parties, false);
  const arrived = headcount(parties, true);
  return (
    <Shell>
      <div className="mx-auto max-w-2xl pb-24 print:hidden" data-offline-ready={offlineReady || undefined}>
        <header className="sticky top-0 z-10 space-y-3 border-b border-black/10 bg-cream/95 px-3 pt-3 pb-3 backdrop-blur sm:px-4">
          <div className="flex items-center gap-2">
            {list.you.kind === 'admin' && (
              <Link
                to={PATHS.admin}
                aria-label={t('backToAdmin')}
                className="-ml-1 inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-sand"
              >
                <ArrowLeft aria-hidden="true" className="h-5 w-5" />
              </Link>
            )}
            <h1 className="min-w-0 flex-1 truncate text-xl font-bold">{t('title')}</h1>
            <ScanButton
              onCode={(code) => {
                const party = parties.find((p) => p.id === code.registrationId);
                if (!party) return void notify('error', t('scan.unknown'));
                setQuery('');
                setScanned({ id: party.id, code: code.signature });
              }}
            />
            <Button variant="ghost" size="icon" aria-label={t('print.button')} onClick={() => window.print()}>
              <FileText aria-hidden="true" className="h-5 w-5" />
            </Button>
          </div>
          <CountsBar expected={expected} arrived={arrived} />
          {(!online || queue.length > 0) && (
            <p
              role="status"
              className={cn(
                'flex items-start gap-2 rounded-lg px-3 py-2 text-sm',
                online ? 'bg-sand' : 'bg-ember-100 text-ember-800',
              )}
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <span>
                {online ? '' : `${t('offline.notice', { time: dayTime(list.at) })} `}
                {queue.length > 0 && t('offline.waiting', { count: queue.length })}
              </span>
            </p>
          )}
          <label className="relative block">
            <span className="sr-only">{t('search.label')}</span>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-muted"
            />
            <input
              type="search"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setScanned(undefined);
              }}
              placeholder={t('search.placeholder')}
              autoComplete="off"
              enterKeyHint="search"
              className="h-12 w-full rounded-full border border-black/15 bg-white pr-4 pl-11 text-base outline-none focus:border-ember-600 focus:ring-2 focus:ring-ember-600/30"
            />
          </label>
        </header>

        {scanned && !query && (
          <p className="px-4 pt-3 text-sm">
            {t('scan.found')}{' '}
            <button
              type="button"
              className="font-semibold text-ember-700 underline"
              onClick={() => setScanned(undefined)}
            >
              {t('scan.showAll')}
            </button>
          </p>
        )}
        <ul className="divide-y divide-black/10" aria-label={t('list.label')}>
          {shown.map((party) => (
            <PartyRow
              key={party.id}
              party={party}
              waiting={waiting.has(party.id)}
              time={time}
              onArrive={(counts) => void arrive(party, counts)}
              onUndo={() => void undo(party)}
            />
          ))}
        </ul>
        {shown.length === 0 && (
          <p className="px-4 py-10 text-center text-muted">
            {parties.length === 0 ? t('list.empty') : t('list.noMatch')}
          </p>
        )}

        <footer className="space-y-3 px-4 pt-6 text-sm text-muted">
          <p>
            {list.you.kind === 'admin'
              ? t('you.admin', { label: list.you.label })
              : t('you.link', { label: list.you.label, until: dayTime(list.you.expiresAt!) })}
          </p>
          <div className="flex flex-wrap gap-2">
            {list.you.kind === 'admin' ? (
              <>
                <LinksDialog />
                <Button variant="outline" size="sm" onClick={() => void printArrivals()}>
                  <FileText aria-hidden="true" className="h-4 w-4" />
                  {t('print.arrivals.button')}
                </Button>
              </>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => void leave()}>
                {t('you.leave')}
              </Button>
            )}
          </div>
        </footer>
      </div>
      {arrivals ? <ArrivalsPrintList list={arrivals} /> : <PrintList parties={parties} at={list.at} />}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('checkIn');
  return (
    <main className="min-h-dvh bg-cream text-ink print:bg-white">
      <PageMeta title={t('title')} description={t('meta.description')} />
      {children}
    </main>
  );
}

function CountsBar({ expected, arrived }: { expected: Headcount; arrived: Headcount }) {
  const { t } = useTranslation('checkIn');
  const items = [
    { key: 'people', label: t('counts.people') },
    { key: 'tents', label: t('counts.tents') },
    { key: 'parties', label: t('counts.parties') },
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-2 text-center" aria-label={t('counts.label')}>
      {items.map((item) => (
        <div key={item.key} className="rounded-lg bg-white px-2 py-1.5 shadow-sm">
          <dt className="text-xs text-muted">{item.label}</dt>
          <dd className="text-lg font-bold tabular-nums" data-count={item.key}>
            {t('counts.of', { arrived: arrived[item.key], expected: expected[item.key] })}
          </dd>
        </div>
      ))}
    </dl>
  );
}
