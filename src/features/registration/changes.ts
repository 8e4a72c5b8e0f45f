import { DIET_NAMES, DIETS } from './schema';

/**
 * A registration's history (issue 32): the fields a participant can change, as stored in
 * `registration_changes` (values as text; a list as its values joined by commas), and how the
 * e-mails (the registration pack) and the admin card (the admin pack) name them.
 */
export const TRACKED_FIELDS = [
  {
    field: 'firstName',
    column: 'first_name',
    mail: 'registration:form.firstName.label',
    admin: 'fields.firstName',
  },
  {
    field: 'lastName',
    column: 'last_name',
    mail: 'registration:form.lastName.label',
    admin: 'fields.lastName',
  },
  { field: 'phone', column: 'phone', mail: 'registration:form.phone.label', admin: 'fields.phone' },
  {
    field: 'participationType',
    column: 'participation_types',
    mail: 'registration:form.participationType.summary',
    admin: 'fields.participation',
  },
  { field: 'camping', column: 'camping', mail: 'registration:form.camping.summary', admin: 'fields.camping' },
  { field: 'adults', column: 'adults', mail: 'registration:form.group.adults', admin: 'fields.adults' },
  {
    field: 'children',
    column: 'children',
    mail: 'registration:form.group.children',
    admin: 'fields.children',
  },
  ...DIET_NAMES.map((diet) => ({
    field: DIETS[diet].field,
    column: DIETS[diet].column,
    mail: `registration:form.diets.options.${diet}` as const,
    admin: `values.diet.${diet}` as const,
  })),
  {
    field: 'dietaryNeeds',
    column: 'dietary_needs',
    mail: 'registration:form.dietaryNeeds.label',
    admin: 'fields.dietary',
  },
  {
    field: 'accessibilityNeeds',
    column: 'accessibility_needs',
    mail: 'registration:form.accessibilityNeeds.label',
    admin: 'fields.accessibility',
  },
  {
    field: 'healthConsent',
    column: null,
    mail: 'registration:form.healthConsent.short',
    admin: 'registrations.history.healthConsent',
  },
  { field: 'notes', column: 'notes', mail: 'registration:form.notes.label', admin: 'fields.notes' },
] as const;

/** A cancellation is kept as the status changing. */
export const STATUS_FIELD = 'status';

/** One change as the admin card shows it. */
export interface RegistrationChange {
  at: string;
  field: string;
  before: string | null;
  after: string | null;
  by: 'participant' | 'organiser';
}

type Translate = (key: string) => string;
type Pack = 'mail' | 'admin';

/** The keys a value is named by, in each pack (choices by their labels, yes/no). */
const VALUE_KEYS: Record<Pack, Record<string, (value: string) => string>> = {
  mail: {
    participationType: (value) => `registration:form.participationType.options.${value}`,
    camping: (value) => `registration:form.camping.options.${value}.label`,
    healthConsent: (value) => (value === 'true' ? 'forms:fallback.yes' : 'forms:fallback.no'),
  },
  admin: {
    participationType: (value) => `values.participation.${value}`,
    camping: (value) => `values.camping.${value}`,
    healthConsent: (value) => (value === 'true' ? 'registrations.history.yes' : 'registrations.history.no'),
    [STATUS_FIELD]: (value) => `values.registration.${value}`,
  },
};

/** A stored value in the reader's language; `empty` for none. */
export function changeValue(pack: Pack, field: string, value: string | null, t: Translate, empty: string) {
  if (value === null || value === '') return empty;
  const key = VALUE_KEYS[pack][field];
  if (!key) return value;
  return field === 'participationType'
    ? value
        .split(',')
        .map((item) => t(key(item)))
        .join(', ')
    : t(key(value));
}

/** The pack key naming a changed field. */
export const changeLabel = (pack: Pack, field: string) =>
  field === STATUS_FIELD
    ? 'fields.status'
    : (TRACKED_FIELDS.find((tracked) => tracked.field === field)?.[pack] ?? field);
