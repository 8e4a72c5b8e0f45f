import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '~/platform/db/schema';

/** Valid request bodies of the three forms (tests change one field at a time). */
export const validRequests = {
  registration: {
    url: '/api/registrations',
    table: 'registrations',
    body: {
      firstName: 'Rūta',
      lastName: 'Žemaitytė',
      email: 'ruta@example.com',
      phone: '+44 7700 900456',
      participationType: ['compete', 'music'],
      camping: 'tent',
      adults: 2,
      children: 1,
      dietaryNeeds: 'Vegetarian',
      accessibilityNeeds: '',
      notes: '',
      agreedToRules: true,
      dataConsent: true,
      healthConsent: true,
      language: 'lt',
      homepage: '',
      elapsedMs: 45_000,
    },
  },
  contact: {
    url: '/api/contact',
    table: 'contacts',
    body: {
      name: 'Jonas Petraitis',
      email: 'jonas@example.com',
      phone: '',
      subject: 'volunteers',
      message: 'Norėčiau padėti statyti palapines.',
      language: 'lt',
      homepage: '',
      elapsedMs: 30_000,
    },
  },
  sponsor: {
    url: '/api/sponsor-applications',
    table: 'sponsor_applications',
    body: {
      companyName: 'Grill & Co Ltd',
      contactPerson: 'Emma Jones',
      email: 'emma@grill.example',
      phone: '029 2000 1234',
      website: 'grill.example',
      sponsorshipLevel: 'gold',
      sponsorshipTypes: ['logo', 'prizes'],
      budgetRange: '1000-2500',
      message: 'We would love to provide the prize.',
      language: 'en',
      homepage: '',
      elapsedMs: 60_000,
    },
  },
} as const;

export type FormName = keyof typeof validRequests;
export const FORM_NAMES = Object.keys(validRequests) as FormName[];

let nextAddress = 1;
/** A fresh client address per call, so the per-IP rate limit only bites where a test wants it. */
export function freshIp(): string {
  nextAddress++;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

export async function postForm(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  { ip = freshIp(), contentType = 'application/json' }: { ip?: string; contentType?: string } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown>,
    headers: response.headers,
  };
}

/** Sends the contact form with `message` over HTTP to a server running at `baseUrl`. */
export function sendContactMessage(baseUrl: string, message: string): Promise<Response> {
  return fetch(`${baseUrl}${validRequests.contact.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...validRequests.contact.body, message }),
  });
}

/** Rows in the three form tables and the outbox. */
export async function countRows(db: Kysely<Database>) {
  const count = async (table: 'registrations' | 'contacts' | 'sponsor_applications' | 'mail_outbox') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    registrations: await count('registrations'),
    contacts: await count('contacts'),
    sponsor_applications: await count('sponsor_applications'),
    mail_outbox: await count('mail_outbox'),
  };
}

/** `undefined` removes the field from the body. */
export function withField(body: Record<string, unknown>, field: string, value: unknown) {
  const copy: Record<string, unknown> = { ...body };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}

export async function outboxRows(db: Kysely<Database>) {
  return db
    .selectFrom('mail_outbox')
    .select([
      'template',
      'to_address',
      'reply_to',
      'subject',
      'html_body',
      'text_body',
      'related_table',
      'related_id',
    ])
    .orderBy('template')
    .execute();
}

/** Empties the form tables between tests that share one app. */
export async function clearFormTables(db: Kysely<Database>) {
  await db.deleteFrom('mail_outbox').execute();
  await db.deleteFrom('registrations').execute();
  await db.deleteFrom('contacts').execute();
  await db.deleteFrom('sponsor_applications').execute();
}
