import { z } from 'zod';
import { optionLabels } from '~/platform/forms/details';
import { API_MESSAGES } from '~/platform/http/api';
import { HttpError } from '~/platform/http/errors.server';
import type { SelfServiceSource } from '~/platform/privacy/self-service.server';
import { serverT } from '~/platform/i18n/server-i18n.server';
import type { ConsentRecord } from './consents.server';
import { registrationFields } from './schema';
import { onPlaceFreed } from './places.server';

const form = 'registration:form';
const shape = registrationFields.shape;
const yesNo = (value: boolean) => (value ? 'true' : 'false');
type Consents = Record<string, ConsentRecord>;

/**
 * What a participant sees and corrects through the link in their confirmation: contact
 * details, group size and needs. The e-mail address is the link's own (to change it, delete
 * and register again); what they chose from lists is shown only. Dietary and accessibility
 * needs stay only while their explicit consent does: withdrawing it needs those fields empty.
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
    },
    {
      name: 'camping',
      label: `${form}.camping.summary`,
      column: 'camping',
      display: (value, t) => t(`${form}.camping.options.${String(value)}.label`),
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
        schema: z.boolean({ error: API_MESSAGES.badRequest }),
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
    if ((values.dietaryNeeds || values.accessibilityNeeds) && !consents.health)
      throw new HttpError(400, 'validation', {
        message: API_MESSAGES.validation,
        fields: [{ field: 'healthConsent', message: 'registration:validation.healthConsent' }],
      });
    return { consents: JSON.stringify(consents) };
  },
  cancel: { column: 'status', value: 'cancelled' },
  // A cancellation, or a smaller group, may free a place for the first on the waiting list.
  afterChange: async (tx, { kind, before, after }) => {
    const people = (row: Record<string, unknown>) => Number(row.adults) + Number(row.children);
    if (kind === 'cancel' || people(after) < people(before))
      await onPlaceFreed(tx, before.edition as number | null);
  },
};
