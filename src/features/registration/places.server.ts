import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { writeAudit, type AuditActor } from '~/platform/auth/audit.server';
import type { Config } from '~/platform/config/config.server';
import { contentOf, type SiteContent } from '~/platform/content/content-type';
import type { Database } from '~/platform/db/schema';
import { API_MESSAGES } from '~/platform/http/api';
import { HttpError } from '~/platform/http/errors.server';
import { formatDateTime, localeOf, numberFormat } from '~/platform/i18n/format';
import type { Language } from '~/platform/i18n/languages';
import { serverT, toLanguage } from '~/platform/i18n/server-i18n.server';
import type { MailDraft } from '~/platform/mail/form-mails.server';
import { mailContacts } from '~/platform/mail/contacts.server';
import { mailParticipant, renderContentMail } from './content-mail.server';
import { PATHS } from '~/platform/paths';
import { eventContent, type EventFacts } from '~/platform/site-content/event';
import { registrationDetails } from './details';
import { registrationMailTexts } from './mail-texts';
import type { PlacesLeft } from './places';
import type { Registration } from './schema';

/**
 * Places and the waiting list (issue 32). The event facts may limit pitches (one car and one
 * tent, up to 4 people: a tent registration of 6 takes 2) and people on site. A registration
 * that does not fit, or comes while others wait, joins the waiting list ('waiting', in the
 * order of `waitlisted_at`). A freed place (a cancellation, a limit raised, an offer not taken)
 * is offered to the first in line whose group fits ('offered', held until `offer_expires_at`);
 * accepted through the e-mailed link it becomes an ordinary registration ('new').
 *
 * Every decision about places is taken under one lock per edition (a transaction-scoped
 * advisory lock, so instances on one PostgreSQL serialise too): the count and the insert or
 * offer that follows it cannot interleave with another's, so no limit is ever overrun.
 */

/** Statuses that hold a place: registered, confirmed, or a place offered and not yet lapsed. */
export const HOLDS_PLACE = ['new', 'confirmed', 'offered'] as const;
export const PEOPLE_PER_PITCH = 4;

const WAITING_TEMPLATE = 'registration.waiting';
const OFFER_TEMPLATE = 'registration.offer';

interface Group {
  camping: string;
  adults: number;
  children: number;
}

interface Usage {
  pitches: number;
  people: number;
}

type Limits = Pick<EventFacts['places'], 'pitches' | 'people'>;

/** The pitches a registration takes: one per four people camping in a tent, none otherwise. */
const pitchesOf = (group: Group) =>
  group.camping === 'tent' ? Math.ceil((group.adults + group.children) / PEOPLE_PER_PITCH) : 0;

const hasLimits = (limits: Limits) => limits.pitches !== null || limits.people !== null;

function fits(usage: Usage, group: Group, limits: Limits): boolean {
  if (limits.pitches !== null && usage.pitches + pitchesOf(group) > limits.pitches) return false;
  if (limits.people !== null && usage.people + group.adults + group.children > limits.people) return false;
  return true;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** Serialises every decision about one edition's places until the transaction ends. */
async function lockEdition(trx: Transaction<Database>, edition: number) {
  await sql`select pg_advisory_xact_lock(hashtext(${`places:${edition}`}))`.execute(trx);
}

async function usageOf(db: Executor, edition: number): Promise<Usage> {
  const row = await db
    .selectFrom('registrations')
    .select([
      sql<number>`coalesce(sum(ceil((adults + children)::numeric / ${PEOPLE_PER_PITCH})) filter (where camping = 'tent'), 0)`.as(
        'pitches',
      ),
      sql<number>`coalesce(sum(adults + children), 0)`.as('people'),
    ])
    .where('edition', '=', edition)
    .where('status', 'in', HOLDS_PLACE)
    .executeTakeFirstOrThrow();
  return { pitches: Number(row.pitches), people: Number(row.people) };
}

async function waitingCount(db: Executor, edition: number): Promise<number> {
  const { n } = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('edition', '=', edition)
    .where('status', '=', 'waiting')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A waiting registration's number in line (1 = the next to be offered a place). */
export async function waitingPosition(db: Executor, id: string): Promise<number> {
  const { n } = await db
    .selectFrom('registrations as r')
    .innerJoin('registrations as me', (join) => join.onRef('me.edition', '=', 'r.edition'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('me.id', '=', id)
    .where('r.status', '=', 'waiting')
    .where(sql<boolean>`(r.waitlisted_at, r.id) <= (me.waitlisted_at, me.id)`)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Waiting registrations' numbers in line, by id (the admin list shows them). */
export async function waitingPositions(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('registrations')
        .select([
          'id',
          sql<number>`row_number() over (partition by edition order by waitlisted_at, id)`.as('position'),
        ])
        .where('status', '=', 'waiting')
        .as('line'),
    )
    .select(['id', 'position'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.position)]));
}

/**
 * Whether a registration about to be stored for `edition` gets a place or joins the waiting
 * list. Takes the edition's lock, held until the caller's transaction (which stores it) ends.
 */
export async function admit(
  trx: Transaction<Database>,
  edition: number | null,
  facts: EventFacts,
  group: Group,
): Promise<'place' | 'waiting'> {
  if (edition === null || !hasLimits(facts.places)) return 'place';
  await lockEdition(trx, edition);
  // Those already waiting come first, even when a smaller group would fit now.
  if ((await waitingCount(trx, edition)) > 0) return 'waiting';
  return fits(await usageOf(trx, edition), group, facts.places) ? 'place' : 'waiting';
}

/**
 * A participant's change from their link that takes more room (a bigger group, a tent now)
 * must fit under the limits like a new registration: refused with the field's error
 * otherwise, and the caller's transaction (which wrote the change) rolls back. A waiting
 * registration may grow: it holds no place yet.
 */
export async function assertChangeFits(
  trx: Transaction<Database>,
  before: Group & { status: string; edition: number | null },
  after: Group,
  facts: EventFacts,
): Promise<void> {
  const grows =
    pitchesOf(after) > pitchesOf(before) || after.adults + after.children > before.adults + before.children;
  if (!grows || before.edition === null || !HOLDS_PLACE.some((status) => status === before.status)) return;
  if (!hasLimits(facts.places)) return;
  await lockEdition(trx, before.edition);
  // The change is written already: the edition's use now counts it.
  const usage = await usageOf(trx, before.edition);
  const { pitches, people } = facts.places;
  if ((pitches === null || usage.pitches <= pitches) && (people === null || usage.people <= people)) return;
  throw new HttpError(400, 'validation', {
    message: API_MESSAGES.validation,
    fields: [{ field: 'adults', message: 'registration:places.changeTooBig' }],
  });
}

/**
 * Whether a registration its participant cancelled may take its place back (issue 44: undo):
 * under the edition's lock, its group must still fit, i.e. the place was not offered on or
 * taken meanwhile. One that was waiting goes back in line whatever is free.
 */
export async function placeStillFree(
  trx: Transaction<Database>,
  row: Group & { edition: number | null },
  status: string,
  facts: EventFacts,
): Promise<boolean> {
  if (status === 'waiting' || row.edition === null || !hasLimits(facts.places)) return true;
  await lockEdition(trx, row.edition);
  return fits(await usageOf(trx, row.edition), row, facts.places);
}

/** What the registration page says: places left under each limit set, and whether it is full. */
export async function placesLeft(db: Executor, facts: EventFacts): Promise<PlacesLeft> {
  const { pitches, people } = facts.places;
  if (pitches === null && people === null) return { pitches: null, people: null, waiting: 0, full: false };
  const usage = await usageOf(db, facts.edition);
  const waiting = await waitingCount(db, facts.edition);
  const left = {
    pitches: pitches === null ? null : Math.max(0, pitches - usage.pitches),
    people: people === null ? null : Math.max(0, people - usage.people),
  };
  return { ...left, waiting, full: waiting > 0 || left.pitches === 0 || left.people === 0 };
}

/** What sending an offer needs from the running app. */
export interface PlacesContext {
  config: Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL'>;
  content: () => SiteContent;
  /** Wakes the mail worker once the transaction has committed. */
  wake?: () => void;
}

let running: PlacesContext | undefined;

/**
 * The app's own, set when the registration routes are registered: the participant's cancel
 * through their private link reaches `onPlaceFreed` through a hook that carries only its
 * transaction (SelfServiceSource.afterChange).
 */
export function usePlacesContext(context: PlacesContext) {
  running = context;
}

function placesContext(): PlacesContext {
  if (!running) throw new Error('places: the registration routes are not registered');
  return running;
}

/** Whether the app has registered its routes (a start's followers run before). */
export const placesReady = () => running !== undefined;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

const offerUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}${PATHS.placeOffer}?token=${token}`;

/**
 * The participant's notice that they are on the waiting list, with their number in line: an
 * automatic reply to an address not yet confirmed, so it carries only what they chose from
 * lists (form-mails.server.ts).
 */
export function waitingMail(
  data: Registration & { language: Language },
  place: number,
  { config, content }: { config: PlacesContext['config']; content: SiteContent },
  manageUrl?: string,
): MailDraft {
  const { language } = data;
  const t = serverT(language);
  const texts = contentOf(content, registrationMailTexts).waiting;
  const position = numberFormat(localeOf(language)).format(place);
  return {
    template: WAITING_TEMPLATE,
    to: data.email,
    replyTo: mailContacts().email,
    autoReply: true,
    ...renderContentMail(
      texts,
      { content, language, values: { position }, publicUrl: config.PUBLIC_URL },
      () => ({
        details: {
          title: t('mail:registration.confirmation.details'),
          rows: registrationDetails(data, t).filter((row) => row.fixed),
        },
        ...(manageUrl ? { action: { label: t('mail:manage.button'), href: manageUrl } } : {}),
      }),
    ),
  };
}

interface WaitingRow extends Group {
  id: string;
  email: string;
  language: string;
}

async function offerPlace(
  trx: Transaction<Database>,
  row: WaitingRow,
  facts: EventFacts,
  context: PlacesContext,
  now: Date,
) {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + facts.places.offerHours * 3_600_000);
  await trx
    .updateTable('registrations')
    .set({ status: 'offered', offer_expires_at: expires, offer_token_hash: tokenHash(token) })
    .where('id', '=', row.id)
    .execute();
  const language = toLanguage(row.language);
  const t = serverT(language);
  const content = context.content();
  const texts = contentOf(content, registrationMailTexts).offer;
  const { PUBLIC_URL: publicUrl } = context.config;
  await mailParticipant(
    trx,
    context.config,
    row,
    OFFER_TEMPLATE,
    renderContentMail(
      texts,
      { content, language, values: { deadline: formatDateTime(expires, language) }, publicUrl },
      () => ({ action: { label: t('registration:places.offer.accept'), href: offerUrl(publicUrl, token) } }),
    ),
  );
  await writeAudit(trx, SYSTEM, {
    action: 'registration.place_offered',
    entity: 'registration',
    entityId: row.id,
    details: { until: expires.toISOString() },
  });
}

const SYSTEM: AuditActor = { id: null, label: 'waiting-list' };

/**
 * A place may have been freed in `edition` (a cancellation, a limit raised or removed, an
 * offer not taken): offers what is free now to those waiting, in line, each whose group fits.
 * Call it in the transaction that freed the place; `facts`: the event facts being published
 * (a limit raised), else the published ones.
 */
export async function onPlaceFreed(
  trx: Transaction<Database>,
  edition: number | null,
  {
    facts,
    now = new Date(),
    context = placesContext(),
  }: { facts?: EventFacts; now?: Date; context?: PlacesContext } = {},
): Promise<number> {
  if (edition === null) return 0;
  const event = facts ?? contentOf(context.content(), eventContent);
  // Another edition's list (the facts moved to next year) is left alone.
  if (event.edition !== edition) return 0;
  await lockEdition(trx, edition);
  const waiting = await trx
    .selectFrom('registrations')
    .select(['id', 'email', 'language', 'camping', 'adults', 'children'])
    .where('edition', '=', edition)
    .where('status', '=', 'waiting')
    .orderBy('waitlisted_at')
    .orderBy('id')
    // One its participant is cancelling this very moment holds its row and waits for this
    // lock (SelfServiceSource.afterChange): passed over, not waited for (that would deadlock).
    .forUpdate()
    .skipLocked()
    .execute();
  if (waiting.length === 0) return 0;
  const usage = await usageOf(trx, edition);
  let offered = 0;
  for (const row of waiting) {
    if (!fits(usage, row, event.places)) continue;
    await offerPlace(trx, row, event, context, now);
    usage.pitches += pitchesOf(row);
    usage.people += row.adults + row.children;
    offered++;
  }
  if (offered > 0) context.wake?.();
  return offered;
}

/**
 * Accepts the place offered through `token`: the registration becomes 'new' (the organisers
 * confirm it as any other). Accepting twice is fine; a lapsed or unknown offer is refused
 * with its reason.
 */
export async function acceptOffer(db: Kysely<Database>, token: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('registrations')
      .select(['id', 'status', 'offer_expires_at', 'edition'])
      .where('offer_token_hash', '=', tokenHash(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'offer_unknown', { message: 'registration:places.offer.unknown' });
    // Accepted already (a second click, the page posted again): it holds its place.
    if ((row.status === 'new' || row.status === 'confirmed') && row.offer_expires_at === null) return;
    if (row.status !== 'offered' || !row.offer_expires_at || new Date(row.offer_expires_at) <= now)
      throw new HttpError(410, 'offer_expired', { message: 'registration:places.offer.expired' });
    await trx
      .updateTable('registrations')
      .set({ status: 'new', offer_expires_at: null })
      .where('id', '=', row.id)
      .execute();
    await writeAudit(
      trx,
      { id: null, label: 'self-service' },
      {
        action: 'registration.place_accepted',
        entity: 'registration',
        entityId: row.id,
      },
    );
  });
}

/**
 * Offers not accepted in time become 'expired' and their places pass on to the next in line.
 * Run by a timer on every instance: each edition's lock lets one pass it on, the other then
 * finds nothing due. Returns how many lapsed.
 */
export async function expireOffers(
  db: Kysely<Database>,
  { now = new Date(), context = placesContext() }: { now?: Date; context?: PlacesContext } = {},
): Promise<number> {
  const due = await db
    .selectFrom('registrations')
    .select('edition')
    .distinct()
    .where('status', '=', 'offered')
    .where('offer_expires_at', '<=', now)
    .execute();
  let lapsed = 0;
  for (const { edition } of due) {
    lapsed += await db.transaction().execute(async (trx) => {
      if (edition !== null) await lockEdition(trx, edition);
      // One being accepted or cancelled this very moment is passed over (as in onPlaceFreed).
      const due = await trx
        .selectFrom('registrations')
        .select('id')
        .where('edition', edition === null ? 'is' : '=', edition)
        .where('status', '=', 'offered')
        .where('offer_expires_at', '<=', now)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return 0;
      const expired = await trx
        .updateTable('registrations')
        // The token stays: its link then says the offer has lapsed.
        .set({ status: 'expired' })
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .returning('id')
        .execute();
      for (const { id } of expired)
        await writeAudit(trx, SYSTEM, {
          action: 'registration.offer_expired',
          entity: 'registration',
          entityId: id,
        });
      if (expired.length > 0) await onPlaceFreed(trx, edition, { now, context });
      return expired.length;
    });
  }
  return lapsed;
}

/** How often each instance looks for lapsed offers. */
export const OFFER_CHECK_MS = 60_000;

/**
 * An organiser cancels a registration (a waiting one leaves the list): its place, if it held
 * one, goes to the next in line in the same transaction. Returns false when it was cancelled
 * already.
 */
export async function cancelRegistration(
  db: Kysely<Database>,
  id: string,
  actor: AuditActor,
  context: PlacesContext = placesContext(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The edition's lock before the row's, in the order every other path takes them.
    const { edition } = (await trx
      .selectFrom('registrations')
      .select('edition')
      .where('id', '=', id)
      .executeTakeFirst()) ?? { edition: null };
    if (edition !== null) await lockEdition(trx, edition);
    const row = await trx
      .selectFrom('registrations')
      .select(['status', 'edition'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found');
    if (row.status === 'cancelled') return false;
    await trx
      .updateTable('registrations')
      .set({ status: 'cancelled', offer_token_hash: null })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, actor, {
      action: 'registration.cancel',
      entity: 'registration',
      entityId: id,
      details: { from: row.status, to: 'cancelled' },
    });
    await onPlaceFreed(trx, row.edition, { context });
    return true;
  });
}
