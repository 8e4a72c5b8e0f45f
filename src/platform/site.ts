/**
 * Contact details and outside links used across the site. Organisers change them here
 * (one place) and rebuild. The phone number is from Ofcom's range reserved for examples
 * until the organisers publish their real line.
 */
const phone = '+44 7700 900123';
const whatsappNumber = '447700900123';

export const SITE = {
  /** Absolute base for canonical and Open Graph URLs (build-time `PUBLIC_URL`). */
  // `?.`: the server (e-mails) imports this file too, where Vite's import.meta.env is absent.
  publicUrl: (import.meta.env?.VITE_PUBLIC_URL as string | undefined) ?? 'https://lietuviubbq.uk',
  email: 'info@lietuviubbq.uk',
  phone,
  phoneHref: `tel:${phone.replace(/\s+/g, '')}`,
  whatsappNumber,
  facebookGroupUrl: 'https://www.facebook.com/groups/lietuviubbq',
  instagramUrl: 'https://www.instagram.com/lietuviubbq',
  websiteUrl: 'https://lietuviubbq.uk',
} as const;

/** WhatsApp chat link with a prefilled greeting (the text comes from the language pack). */
export function whatsappHref(greeting: string): string {
  return `https://wa.me/${SITE.whatsappNumber}?text=${encodeURIComponent(greeting)}`;
}

export function mailtoHref(subject?: string, body?: string): string {
  const params = new URLSearchParams();
  if (subject) params.set('subject', subject);
  if (body) params.set('body', body);
  const query = params.toString().replace(/\+/g, '%20');
  return `mailto:${SITE.email}${query ? `?${query}` : ''}`;
}
