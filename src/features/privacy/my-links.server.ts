import { sql, type Kysely } from 'kysely';
import type { AppContext } from '~/platform/http/app-context.server';
import type { Database } from '~/platform/db/schema';
import { formatDateTime } from '~/platform/i18n/format';
import type { Language } from '~/platform/i18n/languages';
import { serverT } from '~/platform/i18n/server-i18n.server';
import { renderMail } from '~/platform/mail/layout.server';
import { enqueueMail } from '~/platform/mail/outbox.server';
import {
  idsForEmail,
  MY_LINKS_TEMPLATE,
  type PersonalDataSource,
  type PersonalTable,
} from '~/platform/privacy/personal-data.server';
import { newSelfServiceLink, storeSelfServiceLink } from '~/platform/privacy/self-service-links.server';

/**
 * "Send me my links" (issue 31): a person who lost their confirmation e-mails asks by address;
 * if the address sent any record that has a self-service page, ONE e-mail lists each record
 * with a fresh private link (only the links' hashes are stored, so the old ones cannot be sent
 * again). The caller answers the same for every address before this runs (no oracle).
 */
/** At most one such e-mail per address in this window: asking again sends nothing more. */
const MY_LINKS_MAIL_INTERVAL_MS = 5 * 60_000;

/** A kind of record with a self-service page: its table, and what it is (a pack key). */
interface LinkedKind {
  table: PersonalTable;
  title: string;
}

interface Found {
  source: LinkedKind;
  id: string;
  createdAt: Date;
}

async function recordsOf(
  db: Kysely<Database>,
  sources: readonly LinkedKind[],
  personal: readonly PersonalDataSource[],
  email: string,
): Promise<Found[]> {
  const found: Found[] = [];
  for (const source of sources) {
    const data = personal.find((candidate) => candidate.table === source.table);
    if (!data) continue;
    const ids = await idsForEmail(db, data, email);
    if (ids.length === 0) continue;
    const rows = await (db as unknown as Kysely<Record<string, { id: string; created_at: Date }>>)
      .selectFrom(source.table)
      .select(['id', 'created_at'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) found.push({ source, id: row.id, createdAt: row.created_at });
  }
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

export async function sendMyLinks(
  ctx: AppContext,
  sources: readonly LinkedKind[],
  personal: readonly PersonalDataSource[],
  request: { email: string; language: Language },
): Promise<void> {
  const { db } = ctx.database;
  const address = request.email.trim().toLowerCase();
  const records = await recordsOf(db, sources, personal, address);
  if (records.length === 0) return;
  const recentlySent = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('template', '=', MY_LINKS_TEMPLATE)
    .where(sql<string>`lower(to_address)`, '=', address)
    .where('created_at', '>', new Date(Date.now() - MY_LINKS_MAIL_INTERVAL_MS))
    .limit(1)
    .executeTakeFirst();
  if (recentlySent) return;
  const { language } = request;
  const t = serverT(language);
  await db.transaction().execute(async (trx) => {
    const items: { text: string; href: string }[] = [];
    for (const record of records) {
      const link = newSelfServiceLink(ctx.config.PUBLIC_URL);
      await storeSelfServiceLink(trx, link, {
        table: record.source.table,
        id: record.id,
        email: address,
        language,
      });
      items.push({
        text: t('mail:myLinks.item', {
          what: t(record.source.title),
          date: formatDateTime(record.createdAt, language),
        }),
        // Its language is added with every e-mail's links (renderMail).
        href: link.url,
      });
    }
    await enqueueMail(trx, {
      template: MY_LINKS_TEMPLATE,
      to: address,
      replyTo: ctx.config.ORGANISER_EMAIL,
      ...renderMail(
        {
          language,
          subject: t('mail:myLinks.subject'),
          heading: t('mail:myLinks.title'),
          paragraphs: [t('mail:myLinks.lead', { count: records.length })],
          list: { title: t('mail:myLinks.listTitle'), items },
          closing: [t('mail:myLinks.ignore')],
        },
        ctx.config.PUBLIC_URL,
      ),
    });
  });
  ctx.mailWorker.wake();
}
