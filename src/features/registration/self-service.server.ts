import { optionLabels } from '~/platform/forms/details';
import type { SelfServiceSource } from '~/platform/privacy/self-service.server';
import { serverT } from '~/platform/i18n/server-i18n.server';
import { registrationChanged } from './changes.server';
import type { ConsentRecord } from './consents.server';
import {
  CAMPING_OPTIONS,
  DIET_NAMES,
  DIETS,
  needsRules,
  PARTICIPATION_TYPES,
  registrationFields,
} from './schema';
import { assertChangeFits, onPlaceFreed, placeStillFree } from './places.server';
import { STATUS_FIELD } from './changes';
import { HttpError } from '~/platform/http/errors.server';

const form = 'registration:form';
/** What places count of a stored registration (its row's columns). */
const groupOf = (row: Record<string, unknown>) => ({
  camping: String(row.camping),
  adults: Number(row.adults),
  children: Number(row.children),
  status: String(row.status),
  edition: row.edition === null ? null : Number(row.edition),
});
const shape = registrationFields.shape;
/** What an undone cancellation goes back to; an offer (its time may have run) is not. */
const RESTORABLE = new Set(['new', 'confirmed', 'waiting']);
// Kept as `true`/`false` (the form's tick); the page shows it in words (the view's `yesNo`).
const yesNo = (value: boolean) => (value ? 'true' : 'false');
type Consents = Record<string, ConsentRecord>;

/**
 * What a participant sees and changes through the link in their e-mails: contact details,
 * how they take part, camping, group size and needs, checked with the registration form's own
 * schema and rules (issue 32). The e-mail address is the link's own (to change it, delete and
 * register again). Dietary and accessibility needs stay only while their explicit consent
 * does: withdrawing it needs those fields empty. Each change is kept in the registration's
 * history and confirmed to them by e-mail (changes.server.ts).
 */
export const registrationSelfService: SelfServiceSource = {
  table: 'registrations',
  title: 'privacy:self.kinds.registrations',
  fields: [
    {
      name: 'firstName',
      label: `${form}.firstName.label`,
      column: 'first_name',
      edit: { kind: 'text', schema: shape.firstName },
    },
    {
      name: 'lastName',
      label: `${form}.lastName.label`,
      column: 'last_name',
      edit: { kind: 'text', schema: shape.lastName },
    },
    { name: 'email', label: `${form}.email.label`, column: 'email' },
    {
      name: 'phone',
      label: `${form}.phone.label`,
      column: 'phone',
      edit: { kind: 'text', schema: shape.phone },
    },
    {
      name: 'participationType',
      label: `${form}.participationType.summary`,
      column: 'participation_types',
      display: (value, t) =>
        optionLabels(t, `${form}.participationType.options`, Array.isArray(value) ? (value as string[]) : []),
      edit: {
        kind: 'choices',
        schema: shape.participationType,
        label: `${form}.participationType.legend`,
        hint: `${form}.participationType.hint`,
        options: PARTICIPATION_TYPES,
        optionLabel: (value, t) => t(`${form}.participationType.options.${value}`),
      },
    },
    {
      name: 'camping',
      label: `${form}.camping.summary`,
      column: 'camping',
      display: (value, t) => t(`${form}.camping.options.${String(value)}.label`),
      edit: {
        kind: 'choice',
        schema: shape.camping,
        label: `${form}.camping.legend`,
        options: CAMPING_OPTIONS,
        optionLabel: (value, t) => t(`${form}.camping.options.${value}.label`),
      },
    },
    {
      name: 'adults',
      label: `${form}.group.adults`,
      column: 'adults',
      edit: { kind: 'number', schema: shape.adults },
    },
    {
      name: 'children',
      label: `${form}.group.children`,
      column: 'children',
      edit: { kind: 'number', schema: shape.children },
    },
    // How many of the party keep each special diet (issue 47: the food counts).
    ...DIET_NAMES.map((diet) => ({
      name: DIETS[diet].field,
      label: `${form}.diets.options.${diet}`,
      column: DIETS[diet].column,
      edit: { kind: 'number' as const, schema: shape[DIETS[diet].field] },
    })),
    {
      name: 'dietaryNeeds',
      label: `${form}.dietaryNeeds.label`,
      column: 'dietary_needs',
      edit: { kind: 'multiline', schema: shape.dietaryNeeds, optional: true },
    },
    {
      name: 'accessibilityNeeds',
      label: `${form}.accessibilityNeeds.label`,
      column: 'accessibility_needs',
      edit: { kind: 'multiline', schema: shape.accessibilityNeeds, optional: true },
    },
    {
      name: 'healthConsent',
      label: `${form}.healthConsent.short`,
      display: (_value, _t, row) => yesNo(Boolean((row.consents as Consents | null)?.health)),
      edit: {
        kind: 'checkbox',
        // Unticked is no consent, as on the form (a page posted without scripts leaves it out).
        schema: shape.healthConsent,
        label: `${form}.healthConsent.label`,
      },
    },
    {
      name: 'notes',
      label: `${form}.notes.label`,
      column: 'notes',
      edit: { kind: 'multiline', schema: shape.notes, optional: true },
    },
  ],
  beforeSave: (row, values, language) => {
    const consents: Consents = { ...((row.consents as Consents | null) ?? {}) };
    if (values.healthConsent === true && !consents.health) {
      const text = serverT(language)(`${form}.healthConsent.label`);
      consents.health = { text, at: new Date().toISOString() };
    }
    if (values.healthConsent === false) delete consents.health;
    return { consents: JSON.stringify(consents) };
  },
  rules: (values, ctx) => needsRules(values as Parameters<typeof needsRules>[0], ctx),
  cancel: { column: 'status', value: 'cancelled' },
  // Undo (issue 44): back to the status the participant's own cancellation ended, while its
  // place is still free (not offered on, not taken); refused with the reason otherwise.
  restore: async (tx, row) => {
    const last = await tx
      .selectFrom('registration_changes')
      .select(['before', 'after', 'changed_by'])
      .where('registration_id', '=', String(row.id))
      .where('field', '=', STATUS_FIELD)
      .orderBy('changed_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const status = last?.before ?? '';
    if (last?.changed_by !== 'participant' || last.after !== 'cancelled' || !RESTORABLE.has(status))
      throw new HttpError(409, 'not_restorable', { message: 'privacy:self.errors.notRestorable' });
    if (!(await placeStillFree(tx, groupOf(row), status)))
      throw new HttpError(409, 'place_taken', { message: 'privacy:self.errors.placeTaken' });
    return { status };
  },
  // The change's history and e-mail; a cancellation, a smaller group or a change of camping
  // may free a place for the first on the waiting list.
  afterChange: async (tx, change, app) => {
    const { kind, before, after } = change;
    if (kind === 'edit') await assertChangeFits(tx, groupOf(before), groupOf(after));
    await registrationChanged(tx, change, app);
    const people = (row: Record<string, unknown>) => Number(row.adults) + Number(row.children);
    if (kind === 'cancel' || people(after) < people(before) || after.camping !== before.camping)
      await onPlaceFreed(tx, before.edition as number | null);
  },
};
