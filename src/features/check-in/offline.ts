import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { ApiError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { type ArrivalAnswer, type CheckInList, CHECK_IN_ENDPOINTS, type Party } from './api';

/**
 * The check-in screen's copy on the phone (issue 33), in IndexedDB through idb-keyval: the
 * last list the server sent, and the ticks not yet sent, in the order they were made. A tick
 * goes into the queue first and is sent from there, online or not, so a tick is never lost
 * between a tap and a lost connection; the server keeps the first arrival of a party, so a
 * tick sent twice (an answer lost on the way back) changes nothing.
 */
export type QueuedTick =
  | {
      kind: 'arrive';
      registrationId: string;
      adults: number;
      children: number;
      tents: number;
      at: string;
      code?: string;
    }
  | { kind: 'undo'; registrationId: string; at: string };

const LIST_KEY = 'list';
const QUEUE_KEY = 'queue';
let store: UseStore | undefined;
const db = () => (store ??= createStore('lietuviu-bbq-check-in', 'check-in'));

export const savedList = () => get<CheckInList>(LIST_KEY, db());
export const saveList = (list: CheckInList) => set(LIST_KEY, list, db());
export const queuedTicks = async () => (await get<QueuedTick[]>(QUEUE_KEY, db())) ?? [];

/** Access has ended (signed out, link revoked): nothing about the participants stays on the phone. */
export async function forgetAll() {
  await del(LIST_KEY, db());
  await del(QUEUE_KEY, db());
}

/**
 * Adds a tick to the queue. An undo of an arrival that is still waiting takes both away
 * (neither reached the server, so neither needs to).
 */
export async function enqueue(tick: QueuedTick): Promise<QueuedTick[]> {
  const queue = await queuedTicks();
  const last = queue.findLastIndex((queued) => queued.registrationId === tick.registrationId);
  const next =
    tick.kind === 'undo' && last !== -1 && queue[last]!.kind === 'arrive'
      ? queue.filter((_, index) => index !== last)
      : [...queue, tick];
  await set(QUEUE_KEY, next, db());
  return next;
}

async function dropFirst(tick: QueuedTick) {
  const queue = await queuedTicks();
  const index = queue.findIndex(
    (queued) => queued.at === tick.at && queued.registrationId === tick.registrationId,
  );
  if (index !== -1) await set(QUEUE_KEY, queue.toSpliced(index, 1), db());
}

export interface FlushResult {
  sent: number;
  /** Ticks the server refused (the party is no longer expected): dropped, named here. */
  refused: string[];
  /** Another phone was first: the parties whose arrival is someone else's. */
  alreadyArrived: string[];
  /** Stopped by no connection (the rest waits) or by access that has ended. */
  stopped?: 'network' | 'signedOut';
}

let running: Promise<FlushResult> | undefined;

/** Sends the queue in order, one tick at a time; a second call while one runs joins it. */
export function flushQueue(): Promise<FlushResult> {
  running ??= sendAll().finally(() => (running = undefined));
  return running;
}

async function sendAll(): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: [], alreadyArrived: [] };
  for (const tick of await queuedTicks()) {
    try {
      if (tick.kind === 'arrive') {
        const { kind: _kind, ...body } = tick;
        const answer = await apiRequest<ArrivalAnswer>('POST', CHECK_IN_ENDPOINTS.arrive.url(), body);
        if (!answer.created) result.alreadyArrived.push(tick.registrationId);
      } else {
        await apiRequest('DELETE', CHECK_IN_ENDPOINTS.undo.url({ registrationId: tick.registrationId }));
      }
      result.sent++;
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 0 || status === 429 || status >= 500) return { ...result, stopped: 'network' };
      if (status === 401 || status === 403) return { ...result, stopped: 'signedOut' };
      result.refused.push(tick.registrationId);
    }
    await dropFirst(tick);
  }
  return result;
}

/** The list as the screen shows it: the server's copy with the ticks still waiting applied. */
export function withQueue(parties: readonly Party[], queue: readonly QueuedTick[], by: string): Party[] {
  if (queue.length === 0) return [...parties];
  const byId = new Map(parties.map((party) => [party.id, party]));
  for (const tick of queue) {
    const party = byId.get(tick.registrationId);
    if (!party) continue;
    byId.set(
      party.id,
      tick.kind === 'undo'
        ? { ...party, arrival: null }
        : {
            ...party,
            arrival: party.arrival ?? {
              adults: tick.adults,
              children: tick.children,
              tents: tick.tents,
              arrivedAt: tick.at,
              by,
            },
          },
    );
  }
  return parties.map((party) => byId.get(party.id)!);
}
