import type { Selectable, Transaction } from 'kysely';
import { contentOf } from '~/platform/content/content-type';
import type { Database } from '~/platform/db/schema';
import type { AppContext } from '~/platform/http/app-context.server';
import { serverT, toLanguage } from '~/platform/i18n/server-i18n.server';
import type { SelfServiceChange } from '~/platform/privacy/self-service.server';
import { changeLabel, changeValue, STATUS_FIELD, TRACKED_FIELDS } from './changes';
import { registrationOf } from './confirm.server';
import { registrationDetails } from './details';
import { registrationMailTexts } from './mail-texts';
import { mailParticipant, renderContentMail } from './content-mail.server';

const CHANGED_TEMPLATE = 'registration.changed';
const CANCELLED_TEMPLATE = 'registration.cancelled';

type RegistrationRow = Selectable<Database['registrations']>;
type Row = Record<string, unknown>;

/** A stored value as the history keeps it: text, a list joined by commas, null for empty. */
function asText(field: string, column: string | null, row: Row): string | null {
  if (field === 'healthConsent') {
    const consents = (row.consents ?? {}) as Record<string, unknown>;
    return 'health' in consents ? 'true' : 'false';
  }
  const value = row[column!];
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/** The fields whose values differ between two versions of a registration. */
function changedFields(before: Row, after: Row) {
  return TRACKED_FIELDS.map(({ field, column }) => ({
    field,
    before: asText(field, column, before),
    after: asText(field, column, after),
  })).filter((change) => change.before !== change.after);
}

/**
 * What a participant's change or cancellation from their private link does (the self-service
 * source's afterChange, in its transaction): each changed field kept in the registration's
 * history, and an e-mail in their language saying what is stored now (or that it is
 * cancelled), from the texts the organisers edit. A correction that changed nothing leaves
 * no trace and sends nothing.
 */
export async function registrationChanged(
  trx: Transaction<Database>,
  change: SelfServiceChange,
  app: AppContext,
): Promise<void> {
  const before = change.before as unknown as RegistrationRow;
  const after = change.after as unknown as RegistrationRow;
  const changes =
    change.kind === 'edit'
      ? changedFields(change.before, change.after)
      : // A cancellation, or its undoing (issue 44), is kept as the status changing.
        [{ field: STATUS_FIELD, before: before.status, after: after.status }];
  if (changes.length === 0) return;
  const at = new Date();
  await trx
    .insertInto('registration_changes')
    .values(
      changes.map((item) => ({
        registration_id: after.id,
        changed_at: at,
        field: item.field,
        before: item.before,
        after: item.after,
        changed_by: 'participant' as const,
      })),
    )
    .execute();

  const { config, content } = app;
  const language = toLanguage(change.language);
  const t = serverT(language);
  const texts = contentOf(content.content, registrationMailTexts);
  const words = change.kind === 'cancel' ? texts.cancelled : texts.changed;
  const empty = t('mail:registration.changed.empty');
  const value = (field: string, stored: string | null) => changeValue('mail', field, stored, t, empty);
  await mailParticipant(
    trx,
    config,
    after,
    change.kind === 'cancel' ? CANCELLED_TEMPLATE : CHANGED_TEMPLATE,
    renderContentMail(
      words,
      {
        content: content.content,
        language,
        values: { firstName: after.first_name },
        publicUrl: config.PUBLIC_URL,
      },
      () =>
        change.kind !== 'cancel'
          ? {
              list: {
                title: t('mail:registration.changed.whatChanged'),
                items: changes.map(
                  (item) =>
                    `${t(changeLabel('mail', item.field))}: ${value(item.field, item.before)} → ${value(item.field, item.after)}`,
                ),
              },
              details: {
                title: t('mail:registration.changed.detailsTitle'),
                rows: registrationDetails(registrationOf(after), t),
              },
            }
          : {},
    ),
  );
}
