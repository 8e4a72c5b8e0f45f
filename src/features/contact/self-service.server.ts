import type { SelfServiceSource } from '~/platform/privacy/self-service.server';
import { contactSchema } from './schema';

const form = 'contactForm:form';

/** A contact message through the link in its acknowledgement: the sender's details can be corrected, the message is shown as sent. */
export const contactSelfService: SelfServiceSource = {
  table: 'contacts',
  title: 'privacy:self.kinds.contacts',
  fields: [
    {
      name: 'name',
      label: `${form}.name.label`,
      column: 'name',
      edit: { kind: 'text', schema: contactSchema.shape.name },
    },
    { name: 'email', label: `${form}.email.label`, column: 'email' },
    {
      name: 'phone',
      label: `${form}.phone.label`,
      column: 'phone',
      edit: { kind: 'text', schema: contactSchema.shape.phone, optional: true },
    },
    {
      name: 'subject',
      label: `${form}.subject.label`,
      column: 'category',
      display: (value, t) => t(`${form}.subject.options.${String(value)}`),
    },
    { name: 'message', label: `${form}.message.label`, column: 'message' },
  ],
};
