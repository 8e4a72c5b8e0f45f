import type { Expression, SqlBool } from 'kysely';

/**
 * The one vocabulary of an edition's numbers (issue 43). The dashboard, the registrations
 * list and its CSV, the chart and the messages' audiences all say these words and mean the
 * same registrations, counted by one function (the registration feature's `editionCounts`,
 * handed to the other features by the app).
 *
 * The statuses fall into three groups, each registration in exactly one:
 * - registered: 'new' or 'confirmed': coming, the gate expects them (the waiting list not included);
 * - waiting: 'waiting' or 'offered' a freed place not yet taken: the waiting list;
 * - cancelled: 'cancelled' (by them or the organisers) or 'expired' (an offered place not taken).
 * So registered + waiting + cancelled is every registration of the edition.
 */
export const REGISTERED_STATUSES = ['new', 'confirmed'] as const;
export const WAITING_STATUSES = ['waiting', 'offered'] as const;
export const CANCELLED_STATUSES = ['cancelled', 'expired'] as const;

/**
 * The groups of an edition's registrations that are counted, filtered in the list and written
 * to: `registered` (coming; waiting list not included), `confirmed` and `unconfirmed` (of
 * those registered), `waiting`, `cancelled`, `arrived` (checked in at the gate), `notArrived`
 * (registered, not checked in), `camping` (registered, with a tent). A new group is one name here and its condition in
 * `groupCondition` (features/registration/counts.server.ts).
 */
export const PARTICIPANT_GROUPS = [
  'registered',
  'confirmed',
  'unconfirmed',
  'waiting',
  'cancelled',
  'arrived',
  'notArrived',
  'camping',
] as const;
export type ParticipantGroup = (typeof PARTICIPANT_GROUPS)[number];

/**
 * An edition's numbers. `registrations`: registered (new or confirmed), `people` the adults and
 * children they bring; `confirmed`/`unconfirmed` of those; `waiting` (and `waitingPeople`),
 * `cancelled`, `arrived` registrations checked in (and `arrivedPeople`, as counted at the gate);
 * `all`: every registration, whatever its status (= registrations + waiting + cancelled).
 */
export const EDITION_COUNTS = [
  'registrations',
  'people',
  'confirmed',
  'unconfirmed',
  'waiting',
  'waitingPeople',
  'cancelled',
  'arrived',
  'arrivedPeople',
  'all',
] as const;
type EditionCount = (typeof EDITION_COUNTS)[number];
export type EditionCounts = Record<EditionCount, number>;

/**
 * The registrations' groups for a feature that does not own them (messages): the condition
 * on a `registrations` row for each group, and the edition's counts. The app hands the
 * registration feature's to whoever needs it.
 */
export interface ParticipantGroups {
  /** A where-condition on the `registrations` table (unaliased) selecting the group. */
  condition: (group: ParticipantGroup) => Expression<SqlBool>;
}
