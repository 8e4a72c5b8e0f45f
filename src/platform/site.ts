import type { SiteContacts } from '~/platform/site-content/contacts';

/** The organisers' contact details (content 'contacts') as links. */
export function contactLinks(contacts: SiteContacts) {
  return {
    ...contacts,
    phoneHref: `tel:${contacts.phone.replace(/[^\d+]/g, '')}`,
    /** A WhatsApp chat with a prefilled greeting (from the language pack). */
    whatsappHref: (greeting: string) =>
      `https://wa.me/${contacts.whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`,
    mailtoHref: (subject?: string, body?: string) => {
      const params = new URLSearchParams();
      if (subject) params.set('subject', subject);
      if (body) params.set('body', body);
      const query = params.toString().replace(/\+/g, '%20');
      return `mailto:${contacts.email}${query ? `?${query}` : ''}`;
    },
  };
}

export type ContactLinks = ReturnType<typeof contactLinks>;
