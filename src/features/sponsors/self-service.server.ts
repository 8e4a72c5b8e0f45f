import { optionLabels } from '~/platform/forms/details';
import type { SelfServiceSource } from '~/platform/privacy/self-service.server';
import { budgetRangeLabel, sponsorApplicationSchema } from './schema';

const form = 'sponsorApplication:form';
const shape = sponsorApplicationSchema.shape;

/** A sponsor application through the link in its acknowledgement: contact details can be corrected; the choices are shown. */
export const sponsorApplicationSelfService: SelfServiceSource = {
  table: 'sponsor_applications',
  title: 'privacy:self.kinds.sponsorApplications',
  fields: [
    {
      name: 'companyName',
      label: `${form}.companyName.label`,
      column: 'company_name',
      edit: { kind: 'text', schema: shape.companyName },
    },
    {
      name: 'contactPerson',
      label: `${form}.contactPerson.label`,
      column: 'contact_person',
      edit: { kind: 'text', schema: shape.contactPerson },
    },
    { name: 'email', label: `${form}.email.label`, column: 'email' },
    {
      name: 'phone',
      label: `${form}.phone.label`,
      column: 'phone',
      edit: { kind: 'text', schema: shape.phone, optional: true },
    },
    {
      name: 'website',
      label: `${form}.website.label`,
      column: 'website',
      edit: { kind: 'text', schema: shape.website, optional: true },
    },
    {
      name: 'sponsorshipLevel',
      label: `${form}.sponsorshipLevel.legend`,
      column: 'sponsorship_level',
      display: (value, t) => t(`${form}.sponsorshipLevel.options.${String(value)}`),
    },
    {
      name: 'sponsorshipTypes',
      label: `${form}.sponsorshipTypes.summary`,
      column: 'sponsorship_types',
      display: (value, t) =>
        optionLabels(t, `${form}.sponsorshipTypes.options`, Array.isArray(value) ? (value as string[]) : []),
    },
    {
      name: 'budgetRange',
      label: `${form}.budgetRange.legend`,
      column: 'budget_range',
      display: (value, t) => budgetRangeLabel(String(value), t),
    },
    { name: 'message', label: `${form}.message.label`, column: 'message' },
  ],
};
