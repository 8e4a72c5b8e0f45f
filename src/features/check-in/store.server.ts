import { withoutInvisibleCharacters } from '~/platform/http/control-characters';
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ofEdition, type EditionFilter } from '~/platform/admin/edition.server';
import { type AuditActor, writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import { notFound } from '~/platform/http/errors.server';
import { PATHS } from '~/platform/paths';
import type { ArrivedParty, Arrival, ArrivalAnswer, CheckInLinkRow, Headcount, Party } from './api';

/** Registrations the gate expects: not cancelled, not waiting for a place. */
const EXPECTED_STATUSES = ['new', 'confirmed'];
const TENT = 'tent';

/** Who ticks: an admin (by session) or a volunteer's check-in link. */
export type CheckInActor =
  | { kind: 'admin'; adminId: string; label: string }
  | { kind: 'link'; linkId: string; label: string; expiresAt: Date };

const auditActorOf = (actor: CheckInActor): AuditActor =>
  actor.kind === 'admin'
    ? { id: actor.adminId, label: actor.label }
    : { id: null, label: `check-in link: ${actor.label}` };

const iso = (value: Date | string) => new Date(value).toISOString();

const arrivalOf = (row: Selectable<Database['check_ins']>): Arrival => ({
  adults: row.adults,
  children: row.children,
  tents: row.tents,
  arrivedAt: iso(row.arrived_at),
  by: row.by_label,
});

/** Every party of an edition the gate expects, by name, with its arrival if any, and the counts. */
export async function checkInList(
  db: Kysely<Database>,
  edition: EditionFilter,
): Promise<{ parties: Party[]; expected: Headcount; arrived: Headcount }> {
  const rows = await db
    .selectFrom('registrations')
    .leftJoin('check_ins', 'check_ins.registration_id', 'registrations.id')
    .select([
      'registrations.id',
      'registrations.first_name',
      'registrations.last_name',
      'registrations.adults',
      'registrations.children',
      'registrations.camping',
      'registrations.status',
      'check_ins.registration_id as arrived_id',
      'check_ins.adults as arrived_adults',
      'check_ins.children as arrived_children',
      'check_ins.tents as arrived_tents',
      'check_ins.arrived_at',
      'check_ins.by_label',
    ])
    .where('registrations.status', 'in', EXPECTED_STATUSES)
    .where(ofEdition('registrations.edition', edition))
    .orderBy(sql`lower(registrations.last_name)`)
    .orderBy(sql`lower(registrations.first_name)`)
    .execute();
  const parties: Party[] = rows.map((row) => ({
    id: row.id,
    // Without direction controls or invisible characters, however old the row (issue 42, item 5).
    firstName: withoutInvisibleCharacters(row.first_name),
    lastName: withoutInvisibleCharacters(row.last_name),
    adults: row.adults,
    children: row.children,
    tents: row.camping === TENT ? 1 : 0,
    camping: row.camping,
    status: row.status,
    arrival:
      row.arrived_id === null
        ? null
        : {
            adults: row.arrived_adults!,
            children: row.arrived_children!,
            tents: row.arrived_tents!,
            arrivedAt: iso(row.arrived_at!),
            by: row.by_label!,
          },
  }));
  const sum = (list: Headcount[]) =>
    list.reduce(
      (total, one) => ({
        parties: total.parties + one.parties,
        people: total.people + one.people,
        tents: total.tents + one.tents,
      }),
      { parties: 0, people: 0, tents: 0 },
    );
  return {
    parties,
    expected: sum(parties.map((p) => ({ parties: 1, people: p.adults + p.children, tents: p.tents }))),
    arrived: sum(
      parties.flatMap((p) =>
        p.arrival
          ? [{ parties: 1, people: p.arrival.adults + p.arrival.children, tents: p.arrival.tents }]
          : [],
      ),
    ),
  };
}

/**
 * Who has arrived, by name, with the phone and the needs to print for the site (issue 43).
 * Dietary and accessibility needs may be health data: they leave the server only when the
 * registration records the person's consent to them (`consents.health`, consents.server.ts).
 * The print is logged (who printed personal data, when, how many).
 */
export async function arrivalsForPrint(
  db: Kysely<Database>,
  actor: AuditActor,
  edition: EditionFilter,
  now = new Date(),
): Promise<ArrivedParty[]> {
  const withConsent = (column: 'dietary_needs' | 'accessibility_needs') =>
    sql<
      string | null
    >`case when registrations.consents ? 'health' then ${sql.ref(`registrations.${column}`)} end`;
  const rows = await db
    .selectFrom('registrations')
    .innerJoin('check_ins', 'check_ins.registration_id', 'registrations.id')
    .select([
      'registrations.id',
      'registrations.first_name',
      'registrations.last_name',
      'registrations.phone',
      'check_ins.adults',
      'check_ins.children',
      'check_ins.tents',
      'check_ins.arrived_at',
      withConsent('dietary_needs').as('dietary_needs'),
      withConsent('accessibility_needs').as('accessibility_needs'),
    ])
    .where(ofEdition('registrations.edition', edition))
    .orderBy(sql`lower(registrations.last_name)`)
    .orderBy(sql`lower(registrations.first_name)`)
    .execute();
  await writeAudit(db, actor, {
    action: 'check_in.print_arrivals',
    entity: 'registration',
    details: { edition, parties: rows.length, at: now.toISOString() },
  });
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    adults: row.adults,
    children: row.children,
    tents: row.tents,
    arrivedAt: iso(row.arrived_at),
    dietaryNeeds: row.dietary_needs || null,
    accessibilityNeeds: row.accessibility_needs || null,
  }));
}

/** A tick's time as the phone gave it, unless it is implausible (a wrong clock): then now. */
function arrivalTime(at: string | undefined, now: Date): Date {
  if (!at) return now;
  const time = new Date(at);
  const tooOld = now.getTime() - 7 * 86_400_000;
  const tooNew = now.getTime() + 5 * 60_000;
  return time.getTime() < tooOld || time.getTime() > tooNew ? now : time;
}

async function expectedRegistration(trx: Transaction<Database>, id: string, edition: EditionFilter) {
  const row = await trx
    .selectFrom('registrations')
    .select('id')
    .where('id', '=', id)
    .where('status', 'in', EXPECTED_STATUSES)
    .where(ofEdition('edition', edition))
    .executeTakeFirst();
  if (!row) throw notFound();
}

/**
 * Marks a party arrived. One arrival per registration (the table's key): when two phones tick
 * the same party, the first to reach the server is kept and the second gets it back
 * (`created: false`), so a queue replayed after a lost answer changes nothing either.
 */
export async function recordArrival(
  db: Kysely<Database>,
  actor: CheckInActor,
  edition: EditionFilter,
  input: { registrationId: string; adults: number; children: number; tents: number; at?: string },
  now = new Date(),
): Promise<ArrivalAnswer> {
  return db.transaction().execute(async (trx) => {
    await expectedRegistration(trx, input.registrationId, edition);
    const inserted = await trx
      .insertInto('check_ins')
      .values({
        registration_id: input.registrationId,
        adults: input.adults,
        children: input.children,
        tents: input.tents,
        arrived_at: arrivalTime(input.at, now),
        by_admin_id: actor.kind === 'admin' ? actor.adminId : null,
        by_link_id: actor.kind === 'link' ? actor.linkId : null,
        by_label: actor.label,
      })
      .onConflict((oc) => oc.column('registration_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      const first = await trx
        .selectFrom('check_ins')
        .selectAll()
        .where('registration_id', '=', input.registrationId)
        .executeTakeFirstOrThrow();
      return { created: false, arrival: arrivalOf(first) };
    }
    await writeAudit(trx, auditActorOf(actor), {
      action: 'check_in.arrive',
      entity: 'registration',
      entityId: input.registrationId,
      details: { adults: input.adults, children: input.children, tents: input.tents },
    });
    return { created: true, arrival: arrivalOf(inserted) };
  });
}

/** Takes an arrival back (a wrong tap). Asking again, or for a party not arrived, changes nothing. */
export async function undoArrival(
  db: Kysely<Database>,
  actor: CheckInActor,
  edition: EditionFilter,
  registrationId: string,
): Promise<{ undone: boolean }> {
  return db.transaction().execute(async (trx) => {
    await expectedRegistration(trx, registrationId, edition);
    const removed = await trx
      .deleteFrom('check_ins')
      .where('registration_id', '=', registrationId)
      .returningAll()
      .executeTakeFirst();
    if (!removed) return { undone: false };
    await writeAudit(trx, auditActorOf(actor), {
      action: 'check_in.undo',
      entity: 'registration',
      entityId: registrationId,
      details: { ...arrivalOf(removed) },
    });
    return { undone: true };
  });
}

// ── Check-in links ────────────────────────────────────────────────────────────

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Ended links are kept this long for the record (who ticked), then deleted. */
const ENDED_LINKS_KEPT_DAYS = 30;

/** The link a token opens, or undefined when unknown, expired or revoked. */
export async function openCheckInLink(
  db: Kysely<Database>,
  token: string | undefined,
  now = new Date(),
): Promise<{ id: string; label: string; expiresAt: Date } | undefined> {
  if (!token || !TOKEN.test(token)) return undefined;
  const row = await db
    .selectFrom('check_in_links')
    .select(['id', 'label', 'expires_at'])
    .where('token_hash', '=', hashOf(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { id: row.id, label: row.label, expiresAt: new Date(row.expires_at) } : undefined;
}

export async function createCheckInLink(
  db: Kysely<Database>,
  actor: AuditActor,
  input: { label: string; hours: number },
  publicUrl: string,
  now = new Date(),
): Promise<{ id: string; url: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + input.hours * 3_600_000);
  return db.transaction().execute(async (trx) => {
    // Housekeeping: links are made rarely, so this is where long-ended ones are swept away.
    await trx
      .deleteFrom('check_in_links')
      .where('expires_at', '<', new Date(now.getTime() - ENDED_LINKS_KEPT_DAYS * 86_400_000))
      .execute();
    const { id } = await trx
      .insertInto('check_in_links')
      .values({ token_hash: hashOf(token), label: input.label, created_by: actor.id, expires_at: expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      action: 'check_in.link_create',
      entity: 'check_in_link',
      entityId: id,
      details: { label: input.label, expiresAt: expiresAt.toISOString() },
    });
    const base = publicUrl.replace(/\/$/, '');
    return { id, url: `${base}/api/check-in/open?link=${token}`, expiresAt: expiresAt.toISOString() };
  });
}

export async function listCheckInLinks(db: Kysely<Database>): Promise<CheckInLinkRow[]> {
  const rows = await db
    .selectFrom('check_in_links')
    .leftJoin('admin_users', 'admin_users.id', 'check_in_links.created_by')
    .select([
      'check_in_links.id',
      'check_in_links.label',
      'admin_users.email as created_by',
      'check_in_links.created_at',
      'check_in_links.expires_at',
      'check_in_links.revoked_at',
    ])
    .orderBy('check_in_links.created_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
  }));
}

/** Ends a link at once: its next request is refused. */
export async function revokeCheckInLink(db: Kysely<Database>, actor: AuditActor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('check_in_links')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning(['id', 'label'])
      .executeTakeFirst();
    if (!row) {
      const exists = await trx
        .selectFrom('check_in_links')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!exists) throw notFound();
      return;
    }
    await writeAudit(trx, actor, {
      action: 'check_in.link_revoke',
      entity: 'check_in_link',
      entityId: id,
      details: { label: row.label },
    });
  });
}

/** Where a link leads after it is opened (a used-up one: the screen says so). */
export const checkInPage = (ended = false) =>
  ended ? `${PATHS.adminCheckIn}?link=ended` : PATHS.adminCheckIn;
