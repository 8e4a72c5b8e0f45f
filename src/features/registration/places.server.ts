import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { writeAudit, type AuditActor } from '~/platform/auth/audit.server';
import type { Config } from '~/platform/config/config.server';
import { contentOf, type SiteContent } from '~/platform/content/content-type';
import type { Database } from '~/platform/db/schema';
import { API_MESSAGES } from '~/platform/http/api';
import { HttpError } from '~/platform/http/errors.server';
import { formatDateTime, formatDayRange, localeOf, numberFormat } from '~/platform/i18n/format';
import type { Language } from '~/platform/i18n/languages';
import { serverT, toLanguage } from '~/platform/i18n/server-i18n.server';
import type { MailDraft } from '~/platform/mail/form-mails.server';
import { mailContacts } from '~/platform/mail/contacts.server';
import { mailParticipant, renderContentMail } from './content-mail.server';
import { PATHS } from '~/platform/paths';
import { eventInstant } from '~/platform/event/instant';
import { eventPhase } from '~/platform/event/phase';
import { eventContent, type EventFacts } from '~/platform/site-content/event';
import { readPublished } from '~/platform/content/store.server';
import { upcomingEdition } from '~/platform/event/editions.server';
import { registrationDetails } from './details';
import { registrationMailTexts } from './mail-texts';
import type { OfferView, PlacesLeft } from './places';
import type { Registration } from './schema';

/**
 * Places and the waiting list (issues 32, 42, 43). The event facts may limit two resources:
 * pitches (one car and one tent, up to 4 people: a tent registration of 6 takes 2), needed
 * only by those camping in a tent, and people on site, needed by everyone. A registration that
 * does not fit what it needs, or needs a resource others already wait for, joins the waiting
 * list ('waiting', in the order of `waitlisted_at`): a day visitor never waits behind a tent
 * camper waiting for a pitch. A freed place (a cancellation, an erasure, a limit raised, an
 * offer lapsed or declined: every path calls `onPlaceFreed`) is offered to the first in line
 * whose group fits ('offered', held until `offer_expires_at`, never past its edition's
 * weekend); accepted through the e-mailed link it becomes an ordinary registration ('new').
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

/** What is limited: pitches (tents only) and people on site (everyone). */
const RESOURCES = ['pitches', 'people'] as const;
type Resource = (typeof RESOURCES)[number];

type Usage = Record<Resource, number>;

type Limits = Pick<EventFacts['places'], Resource>;

/** The pitches a registration takes: one per four people camping in a tent, none otherwise. */
const pitchesOf = (group: Group) =>
  group.camping === 'tent' ? Math.ceil((group.adults + group.children) / PEOPLE_PER_PITCH) : 0;

const amountOf = (group: Group, resource: Resource) =>
  resource === 'pitches' ? pitchesOf(group) : group.adults + group.children;

/** The limited resources a group needs: a pitch only in a tent, a place on site always. */
const needsOf = (group: Group, limits: Limits): Resource[] =>
  RESOURCES.filter((resource) => limits[resource] !== null && amountOf(group, resource) > 0);

const fitsIn = (usage: Usage, group: Group, limits: Limits, resource: Resource) => {
  const limit = limits[resource];
  return limit === null || usage[resource] + amountOf(group, resource) <= limit;
};

const fits = (usage: Usage, group: Group, limits: Limits) =>
  RESOURCES.every((resource) => fitsIn(usage, group, limits, resource));

const hasLimits = (limits: Limits) => limits.pitches !== null || limits.people !== null;

interface WaitingRow extends Group {
  id: string;
  email: string;
  language: string;
}

/**
 * The waiting list read per resource — the one reading every decision and every number in
 * line comes from. Walking it in order, each registration waits for the resources it needs
 * that it does not fit now, or that someone ahead of it already waits for (within a resource,
 * those ahead come first); one that would fit everything (placed behind others who have since
 * left) waits for all it needs. Its number in line counts those ahead waiting for any of the
 * same resources. `blocked`: the resources somebody waits for — a newcomer needing one waits.
 */
function readLine(waiting: readonly Pick<WaitingRow, 'id' | keyof Group>[], usage: Usage, limits: Limits) {
  const blocked = new Set<Resource>();
  const positions = new Map<string, number>();
  // How many ahead wait for pitches only, for people only, for both.
  const ahead = { pitches: 0, people: 0, both: 0 };
  for (const row of waiting) {
    const needs = needsOf(row, limits);
    const short = needs.filter((resource) => blocked.has(resource) || !fitsIn(usage, row, limits, resource));
    const waitsFor = short.length > 0 ? short : needs.length > 0 ? needs : [...RESOURCES];
    const pitches = waitsFor.includes('pitches');
    const people = waitsFor.includes('people');
    const before = ahead.both + (pitches ? ahead.pitches : 0) + (people ? ahead.people : 0);
    positions.set(row.id, before + 1);
    ahead[pitches && people ? 'both' : pitches ? 'pitches' : 'people']++;
    for (const resource of waitsFor) blocked.add(resource);
  }
  return { blocked, positions };
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

async function waitingRows(db: Executor, edition: number) {
  return db
    .selectFrom('registrations')
    .select(['id', 'email', 'language', 'camping', 'adults', 'children'])
    .where('edition', '=', edition)
    .where('status', '=', 'waiting')
    .orderBy('waitlisted_at')
    .orderBy('id')
    .execute();
}

/** The edition's waiting list as `readLine` reads it, under `limits`. */
async function lineOf(db: Executor, edition: number, limits: Limits) {
  const usage = await usageOf(db, edition);
  const waiting = await waitingRows(db, edition);
  return { usage, waiting, ...readLine(waiting, usage, limits) };
}

/**
 * A waiting registration's number in line (1 = the next to be offered a place): among those
 * waiting for the same resources (a day visitor does not count the tent campers waiting for
 * a pitch).
 */
export async function waitingPosition(db: Executor, id: string, limits: Limits): Promise<number> {
  const { edition } = await db
    .selectFrom('registrations')
    .select('edition')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (edition === null) return 1;
  return (await lineOf(db, edition, limits)).positions.get(id) ?? 1;
}

/**
 * Waiting registrations' numbers in line, by id (the admin list shows them): the published
 * edition's read per resource under its limits; an earlier edition's (its list is closed) in
 * plain order.
 */
export async function waitingPositions(
  db: Executor,
  ids: string[],
  facts: EventFacts = contentOf(placesContext().content(), eventContent),
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const editions = await db
    .selectFrom('registrations')
    .select('edition')
    .distinct()
    .where('id', 'in', ids)
    .where('edition', 'is not', null)
    .execute();
  const positions = new Map<string, number>();
  for (const { edition } of editions) {
    const limits = edition === facts.edition ? facts.places : { pitches: 0, people: 0 };
    for (const [id, position] of (await lineOf(db, edition!, limits)).positions)
      if (ids.includes(id)) positions.set(id, position);
  }
  return positions;
}

/**
 * The event facts a decision about places obeys: as committed, read in the deciding
 * transaction (issue 42). This instance's copy in memory follows another instance's publish
 * only a moment later; a statement that starts after a publish's commit sees it.
 */
const committedFacts = (trx: Transaction<Database>) => readPublished(trx, eventContent);

/**
 * For a registration arriving at `now`: the event facts as committed and the edition it is
 * for, with that edition's lock taken first (unless none: the weekend is over), so no
 * publish committed before the decision is missed and no registration decided before it is
 * uncounted. Read again if a publish moved the edition meanwhile.
 */
export async function admissionFacts(
  trx: Transaction<Database>,
  now: Date,
): Promise<{ facts: EventFacts; edition: number | null }> {
  let facts = await committedFacts(trx);
  for (;;) {
    const edition = upcomingEdition(facts, now);
    if (edition === null) return { facts, edition };
    await lockEdition(trx, edition);
    facts = await committedFacts(trx);
    if (upcomingEdition(facts, now) === edition) return { facts, edition };
  }
}

/**
 * Whether a registration about to be stored for `edition` gets a place or joins the waiting
 * list. `facts`: as {@link admissionFacts} read them. Takes the edition's lock, held until the caller's transaction (which stores it) ends.
 */
export async function admit(
  trx: Transaction<Database>,
  edition: number | null,
  facts: EventFacts,
  group: Group,
): Promise<'place' | 'waiting'> {
  if (edition === null || !hasLimits(facts.places)) return 'place';
  await lockEdition(trx, edition);
  const { usage, blocked } = await lineOf(trx, edition, facts.places);
  // Those already waiting for a resource it needs come first, even when it would fit now.
  if (needsOf(group, facts.places).some((resource) => blocked.has(resource))) return 'waiting';
  return fits(usage, group, facts.places) ? 'place' : 'waiting';
}

/**
 * A participant's change from their link that takes more room (a bigger group, a tent now)
 * is admitted like a new registration: it must fit under the limits, and the room it grows
 * into must not be what the waiting list is in line for (a newcomer would wait behind them
 * too). Refused with the field's error otherwise, and the caller's transaction (which wrote
 * the change) rolls back. A waiting registration may grow: it holds no place yet.
 */
export async function assertChangeFits(
  trx: Transaction<Database>,
  before: Group & { status: string; edition: number | null },
  after: Group,
): Promise<void> {
  const grown = RESOURCES.filter((resource) => amountOf(after, resource) > amountOf(before, resource));
  if (
    grown.length === 0 ||
    before.edition === null ||
    !HOLDS_PLACE.some((status) => status === before.status)
  )
    return;
  await lockEdition(trx, before.edition);
  // The limits as committed by now, not as this instance last heard (issue 42).
  const facts = await committedFacts(trx);
  if (!hasLimits(facts.places)) return;
  // The change is written already: the edition's use now counts it.
  const { usage, blocked } = await lineOf(trx, before.edition, facts.places);
  const { pitches, people } = facts.places;
  const refuse = (message: string) =>
    new HttpError(400, 'validation', {
      message: API_MESSAGES.validation,
      fields: [{ field: 'adults', message }],
    });
  if ((pitches !== null && usage.pitches > pitches) || (people !== null && usage.people > people))
    throw refuse('registration:places.changeTooBig');
  if (grown.some((resource) => facts.places[resource] !== null && blocked.has(resource)))
    throw refuse('registration:places.changeOthersWaiting');
}

/**
 * Whether a registration its participant cancelled may take its place back (issue 44: undo):
 * under the edition's lock and the limits as committed, its group must still fit, i.e. the
 * place was not offered on or taken meanwhile. One that was waiting goes back in line
 * whatever is free.
 */
export async function placeStillFree(
  trx: Transaction<Database>,
  row: Group & { edition: number | null },
  status: string,
): Promise<boolean> {
  if (status === 'waiting' || row.edition === null) return true;
  await lockEdition(trx, row.edition);
  const { places } = await committedFacts(trx);
  if (!hasLimits(places)) return true;
  return fits(await usageOf(trx, row.edition), row, places);
}

/**
 * What the registration page says: places left under each limit set, and which registrations
 * join the waiting list — a resource is full when none of it is left or others wait for it.
 */
export async function placesLeft(db: Executor, facts: EventFacts): Promise<PlacesLeft> {
  const { pitches, people } = facts.places;
  if (pitches === null && people === null)
    return { pitches: null, people: null, waiting: 0, full: false, pitchesFull: false, peopleFull: false };
  const { usage, waiting, blocked } = await lineOf(db, facts.edition, facts.places);
  const left = {
    pitches: pitches === null ? null : Math.max(0, pitches - usage.pitches),
    people: people === null ? null : Math.max(0, people - usage.people),
  };
  const pitchesFull = left.pitches === 0 || blocked.has('pitches');
  const peopleFull = left.people === 0 || blocked.has('people');
  // Every registration needs a place on site; only a tent needs a pitch.
  return { ...left, waiting: waiting.length, full: peopleFull, pitchesFull, peopleFull };
}

/** The real clock (offers' deadlines) and the event's (whether its weekend is over). */
interface Clocks {
  now: Date;
  eventNow: Date;
}

/** What sending an offer needs from the running app. */
export interface PlacesContext {
  config: Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL'>;
  content: () => SiteContent;
  /** Wakes the mail worker once the transaction has committed. */
  wake?: () => void;
  /**
   * The clock the event's phase is read against (whether its weekend is over): the content
   * service's, the real one but in tests. Offers' deadlines run on the real clock.
   */
  eventNow?: () => Date;
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

async function offerPlace(
  trx: Transaction<Database>,
  row: WaitingRow,
  facts: EventFacts,
  context: PlacesContext,
  { now, eventNow }: Clocks,
) {
  const token = randomBytes(32).toString('base64url');
  // An offer belongs to its edition: it never outlives the weekend it is for.
  const weekend = { start: eventInstant(facts.start), end: eventInstant(facts.end) };
  const held = Math.min(facts.places.offerHours * 3_600_000, weekend.end.getTime() - eventNow.getTime());
  const expires = new Date(now.getTime() + held);
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
      // Which weekend it is for and until when, whatever the organisers' words say.
      () => ({
        details: {
          title: t('registration:places.offer.detailsTitle'),
          rows: [
            {
              label: t('registration:places.offer.weekend'),
              value: formatDayRange(weekend.start, weekend.end, language),
            },
            { label: t('registration:places.offer.acceptBy'), value: formatDateTime(expires, language) },
          ],
        },
        action: { label: t('registration:places.offer.accept'), href: offerUrl(publicUrl, token) },
      }),
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
  await lockEdition(trx, edition);
  // The limits as committed by now, not as this instance last heard (issue 42).
  const event = facts ?? (await committedFacts(trx));
  const eventNow = context.eventNow?.() ?? now;
  // Another edition's list (the facts moved to next year), or a weekend that is over: left alone.
  if (event.edition !== edition || eventPhase(event, eventNow).over) return 0;
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
  // In line, each whose group fits every resource it needs: a freed pitch goes to the first
  // tent camper it fits, a freed place on site to the first waiting whose group fits.
  for (const row of waiting) {
    if (!fits(usage, row, event.places)) continue;
    await offerPlace(trx, row, event, context, { now, eventNow });
    for (const resource of RESOURCES) usage[resource] += amountOf(row, resource);
    offered++;
  }
  if (offered > 0) context.wake?.();
  return offered;
}

/**
 * The registrations' `PersonalDataSource.onErase`: an erasure (the person's from their link,
 * an organiser's on the Privacy page, the retention job) frees the places its rows held, or
 * moves the line, like a cancellation does. Before the rows go it takes their editions' locks
 * (the edition's before the row's, the order every path takes); after, it offers what is free
 * down the line (`onPlaceFreed`).
 */
export async function placesOnErase(
  trx: Transaction<Database>,
  ids: readonly string[],
): Promise<() => Promise<void>> {
  // Before the routes (a test's bare database) nobody can be offered anything.
  if (!placesReady()) return async () => undefined;
  const editions = (
    await trx
      .selectFrom('registrations')
      .select('edition')
      .distinct()
      .where('id', 'in', ids)
      // A waiting one leaving moves the line: those behind it may now be offered a place.
      .where('status', 'in', [...HOLDS_PLACE, 'waiting'])
      .where('edition', 'is not', null)
      .orderBy('edition')
      .execute()
  ).map((row) => row.edition!);
  for (const edition of editions) await lockEdition(trx, edition);
  return async () => {
    for (const edition of editions) await onPlaceFreed(trx, edition);
  };
}

const OFFER_STATUS = { open: 200, accepted: 200, lapsed: 410, ended: 410, unknown: 404 } as const;

type OfferRow = { id: string; status: string; offer_expires_at: Date | null; edition: number | null };

/**
 * Where an offer stands. It belongs to its edition: once that weekend is over, or a newer
 * edition is published, it has ended, whatever its own deadline said.
 */
function offerState(
  row: OfferRow | undefined,
  facts: EventFacts,
  { now, eventNow }: Clocks,
): OfferView['state'] {
  if (!row) return 'unknown';
  // Accepted already (a second click, the page posted again): it holds its place.
  if ((row.status === 'new' || row.status === 'confirmed') && row.offer_expires_at === null)
    return 'accepted';
  if (row.edition !== facts.edition || eventPhase(facts, eventNow).over) return 'ended';
  if (row.status !== 'offered' || !row.offer_expires_at || new Date(row.offer_expires_at) <= now)
    return 'lapsed';
  return 'open';
}

const findOffer = (db: Executor, token: string) =>
  db
    .selectFrom('registrations')
    .select(['id', 'status', 'offer_expires_at', 'edition'])
    .where('offer_token_hash', '=', tokenHash(token));

/** What the offer page shows for `token`, with the status it is sent with (404, 410). */
export async function offerView(
  db: Kysely<Database>,
  token: string,
  facts: EventFacts,
  { now = new Date(), eventNow = now }: Partial<Clocks> = {},
): Promise<{ view: OfferView; status: number }> {
  const row = await findOffer(db, token).executeTakeFirst();
  const state = offerState(row, facts, { now, eventNow });
  const edition =
    row?.edition == null
      ? undefined
      : await db
          .selectFrom('editions')
          .select(['starts_at', 'ends_at'])
          .where('edition', '=', row.edition)
          .executeTakeFirst();
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    view: {
      state,
      weekend: edition ? { start: iso(edition.starts_at), end: iso(edition.ends_at) } : null,
      deadline: state === 'open' && row?.offer_expires_at ? iso(row.offer_expires_at) : null,
    },
    status: OFFER_STATUS[state],
  };
}

/**
 * Accepts the place offered through `token`: the registration becomes 'new' (the organisers
 * confirm it as any other). Accepting twice is fine; an unknown offer is refused (404), one
 * lapsed or whose weekend has ended or was followed by a newer edition too (410).
 */
export async function acceptOffer(
  db: Kysely<Database>,
  token: string,
  facts: EventFacts,
  { now = new Date(), eventNow = now }: Partial<Clocks> = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findOffer(trx, token).forUpdate().executeTakeFirst();
    const state = offerState(row, facts, { now, eventNow });
    if (state === 'accepted') return;
    if (state === 'unknown')
      throw new HttpError(404, 'offer_unknown', { message: 'registration:places.offer.unknown' });
    if (state === 'ended')
      throw new HttpError(410, 'offer_ended', { message: 'registration:places.offer.ended' });
    if (state === 'lapsed')
      throw new HttpError(410, 'offer_expired', { message: 'registration:places.offer.expired' });
    await trx
      .updateTable('registrations')
      .set({ status: 'new', offer_expires_at: null })
      .where('id', '=', row!.id)
      .execute();
    await writeAudit(
      trx,
      { id: null, label: 'self-service' },
      {
        action: 'registration.place_accepted',
        entity: 'registration',
        entityId: row!.id,
      },
    );
  });
}

/**
 * A newer edition is published: the offers of earlier ones lapse (their weekend is past or
 * replaced; their links say the offer has ended). Returns how many.
 */
export async function endEarlierOffers(trx: Transaction<Database>, edition: number): Promise<number> {
  const ended = await trx
    .updateTable('registrations')
    // The token stays: its link then says the offer has ended.
    .set({ status: 'expired' })
    .where('status', '=', 'offered')
    .where('edition', '<', edition)
    .returning('id')
    .execute();
  for (const { id } of ended)
    await writeAudit(trx, SYSTEM, {
      action: 'registration.offer_expired',
      entity: 'registration',
      entityId: id,
      details: { reason: 'edition' },
    });
  return ended.length;
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
