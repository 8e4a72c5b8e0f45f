/**
 * A showcase whose contact is still the first content's placeholder (an example.com address):
 * not indexed (no sitemap entry, `noindex`) until an organiser fills it in (issue 44). A module
 * of its own: the page's chunk must not take the content texts with it (first-load JS).
 */
export const isPlaceholderShowcase = (contacts: { email: string }) =>
  /@example\.(com|org|net)$/i.test(contacts.email.trim());
