import type { Kysely, Selectable } from 'kysely';
import type { AuditActor } from '~/platform/auth/audit.server';
import { writeAudit } from '~/platform/auth/audit.server';
import { loadAppSecret } from '~/platform/auth/app-secret.server';
import { CHECK_IN_QR_WIDTH, checkInQrAttachment } from '~/platform/event/check-in-code.server';
import { contentOf, type SiteContent } from '~/platform/content/content-type';
import type { Database } from '~/platform/db/schema';
import type { Config } from '~/platform/config/config.server';
import { toLanguage, serverT } from '~/platform/i18n/server-i18n.server';
import { newSelfServiceLink, storeSelfServiceLink } from '~/platform/privacy/self-service-links.server';
import { registrationDetails } from './details';
import { dietFields, type Registration } from './schema';
import { registrationMailTexts } from './mail-texts';
import { mailParticipant, renderContentMail } from './content-mail.server';
import { registrationTexts } from './texts';

const CONFIRMED_TEMPLATE = 'registration.confirmed';

/** A stored registration as the form's values (for its details in an e-mail). */
export function registrationOf(row: Selectable<Database['registrations']>): Registration {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    participationType: row.participation_types as Registration['participationType'],
    camping: row.camping as Registration['camping'],
    adults: row.adults,
    children: row.children,
    ...dietFields(row),
    dietaryNeeds: row.dietary_needs ?? undefined,
    accessibilityNeeds: row.accessibility_needs ?? undefined,
    notes: row.notes ?? undefined,
    agreedToRules: true, // no registration is stored without it
    dataConsent: true,
    healthConsent: 'health' in row.consents,
  };
}

/** Which registrations to confirm: the ones picked, or every new one of an edition. */
export type ConfirmTarget = { ids: string[] } | { edition: number | null };

/**
 * Confirms registrations (issue 32): each one still 'new' becomes 'confirmed' and its
 * participant gets the organisers' confirmation e-mail in their language, with a fresh private
 * link to change or cancel — all in one transaction with the audit entries. A registration
 * already confirmed, or cancelled by its participant, is left as it is and gets nothing (a
 * double click or a second organiser confirming at once sends no second e-mail: the rows are
 * locked and re-read). Returns how many were confirmed.
 */
export async function confirmRegistrations(
  db: Kysely<Database>,
  target: ConfirmTarget,
  actor: AuditActor,
  {
    config,
    content,
  }: { config: Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL' | 'APP_SECRET'>; content: SiteContent },
): Promise<{ confirmed: number }> {
  const texts = contentOf(content, registrationMailTexts).confirmed;
  const reminders = contentOf(content, registrationTexts).registrationSuccess.reminders.items;
  const secret = await loadAppSecret(db, config.APP_SECRET);
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('registrations').selectAll().where('status', '=', 'new');
    if ('ids' in target) {
      if (target.ids.length === 0) return { confirmed: 0 };
      query = query.where('id', 'in', target.ids);
    } else {
      query = query.where('edition', target.edition === null ? 'is' : '=', target.edition);
    }
    const rows = await query.orderBy('created_at').forUpdate().execute();
    const now = new Date();
    for (const row of rows) {
      await trx
        .updateTable('registrations')
        .set({ status: 'confirmed', confirmed_at: now })
        .where('id', '=', row.id)
        .execute();
      const language = toLanguage(row.language);
      const t = serverT(language);
      const link = newSelfServiceLink(config.PUBLIC_URL);
      // The QR code the gate's check-in screen scans (issue 33): an inline (CID) image.
      const qrCode = await checkInQrAttachment(secret, row.id);
      await storeSelfServiceLink(trx, link, {
        table: 'registrations',
        id: row.id,
        email: row.email,
        language,
      });
      await mailParticipant(
        trx,
        config,
        row,
        CONFIRMED_TEMPLATE,
        renderContentMail(
          texts,
          { content, language, values: { firstName: row.first_name }, publicUrl: config.PUBLIC_URL },
          (fill) => ({
            details: {
              title: t('mail:registration.confirmed.detailsTitle'),
              rows: registrationDetails(registrationOf(row), t),
            },
            list: {
              title: t('mail:registration.confirmation.remindersTitle'),
              items: reminders.map((item) => fill(item[language])),
            },
            action: { label: t('mail:manage.button'), href: link.url },
            image: {
              cid: qrCode.cid,
              alt: t('mail:registration.confirmed.checkInAlt'),
              title: t('mail:registration.confirmed.checkInTitle'),
              caption: t('mail:registration.confirmed.checkInCaption'),
              width: CHECK_IN_QR_WIDTH,
            },
          }),
        ),
        [qrCode],
      );
      await writeAudit(trx, actor, {
        action: 'registration.confirm',
        entity: 'registration',
        entityId: row.id,
        details: { from: 'new', to: 'confirmed' },
      });
    }
    return { confirmed: rows.length };
  });
}
