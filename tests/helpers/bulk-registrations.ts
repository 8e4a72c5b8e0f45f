import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '~/platform/db/schema';
import { newSelfServiceLink, storeSelfServiceLink } from '~/platform/privacy/self-service-links.server';
import { postForm, validRequests } from './forms';

/**
 * A site with many registrations, made in bulk (issue 42): one registration is sent through
 * the real form, so its row and its confirmation e-mail (HTML, text and the QR code's inline
 * image) are what the site writes, then copied `count` times by the database itself
 * (`insert … select … generate_series`), each copy with its own address and name, and its
 * e-mail with that name in its bodies. 2,500 copies take seconds, not the minutes 2,500
 * form posts would (and no rate limit is in the way).
 */
const TEMPLATE_NAME = 'Sablonas';

export interface BulkPerson {
  email: string;
  /** The private link's token (`/api/my-data?link=…`). */
  link: string;
  /** Unique strings in the row and its e-mail: none may be on disk once it is erased and scrubbed. */
  markers: string[];
}

/**
 * `count` registrations, the first `people` of them with markers and a private link each
 * (returned); the rest are the site's other participants.
 */
export async function seedRegistrations(
  app: FastifyInstance,
  db: Kysely<Database>,
  count: number,
  people = 0,
): Promise<BulkPerson[]> {
  const sent = await postForm(app, validRequests.registration.url, {
    ...validRequests.registration.body,
    firstName: TEMPLATE_NAME,
    email: 'bulk-template@example.com',
    notes: 'The template every bulk registration is copied from',
  });
  if (sent.status !== 201) throw new Error(`template registration: ${sent.status}`);
  const template = await db
    .selectFrom('registrations')
    .select('id')
    .where('email', '=', 'bulk-template@example.com')
    .executeTakeFirstOrThrow();
  const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const tags = Array.from({ length: people }, () => randomBytes(6).toString('hex'));
  // Columns copied as they are: every one but those each copy has its own.
  const own = new Set(['id', 'first_name', 'email', 'notes', 'created_at']);
  const { rows: columns } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = 'registrations' order by ordinal_position`.execute(db);
  const copied = columns.map((column) => column.name).filter((name) => !own.has(name));
  const list = sql.join(copied.map((name) => sql.ref(name)));
  const tagArray = `{${tags.join(',')}}`;
  await sql`
    insert into registrations (first_name, email, notes, ${list})
    select
      case when i <= ${people} then 'Marker' || (${tagArray}::text[])[i] else 'Guest' || i end,
      case when i <= ${people} then 'erase-' || (${tagArray}::text[])[i] || '@example.com'
           else 'bulk-' || ${run} || '-' || i || '@example.com' end,
      case when i <= ${people} then 'Late on Friday, ask for Note-' || (${tagArray}::text[])[i]
           else 'Guest ' || i || ' ' || md5(i::text || ${run}) end,
      ${list}
    from registrations, generate_series(1, ${count}) as i
    where registrations.id = ${template.id}`.execute(db);
  const { rows: mailColumns } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = 'mail_outbox' order by ordinal_position`.execute(db);
  const mailOwn = new Set(['id', 'to_address', 'html_body', 'text_body', 'related_id', 'created_at']);
  const mailCopied = mailColumns.map((column) => column.name).filter((name) => !mailOwn.has(name));
  const mailList = sql.join(mailCopied.map((name) => sql.ref(`o.${name}`)));
  const mailTargets = sql.join(mailCopied.map((name) => sql.ref(name)));
  await sql`
    insert into mail_outbox (to_address, html_body, text_body, related_id, ${mailTargets})
    select r.email, replace(o.html_body, ${TEMPLATE_NAME}, r.first_name),
           replace(o.text_body, ${TEMPLATE_NAME}, r.first_name), r.id, ${mailList}
    from mail_outbox o, registrations r
    where o.related_id = ${template.id} and o.related_table = 'registrations'
      and (r.email like ${`bulk-${run}-%`} or r.email = any(${tags.map((tag) => `erase-${tag}@example.com`)}))`.execute(
    db,
  );
  if (people === 0) return [];
  const victims = await db
    .selectFrom('registrations')
    .select(['id', 'email', 'first_name', 'notes'])
    .where(
      'email',
      'in',
      tags.map((tag) => `erase-${tag}@example.com`),
    )
    .execute();
  const links = victims.map(() => newSelfServiceLink('http://localhost'));
  await db.transaction().execute(async (trx) => {
    for (const [index, victim] of victims.entries())
      await storeSelfServiceLink(trx, links[index]!, {
        table: 'registrations',
        id: victim.id,
        email: victim.email,
        language: 'lt',
      });
  });
  return victims.map((victim, index) => ({
    email: victim.email,
    link: links[index]!.token,
    markers: [victim.email, victim.first_name, victim.notes!],
  }));
}
