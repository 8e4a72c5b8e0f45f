/**
 * The one check of a link the organisers write (link fields, links in formatted texts).
 *
 * A page of the site is '/' and a path. Browsers read a backslash as a slash and drop tabs
 * and line breaks from an address, so '/\evil.example/x' and '/<TAB>/evil.example/x' open
 * https://evil.example/x in the same tab: a path has no backslash, no whitespace or control
 * (or other invisible) character, and does not start with '//'. Anything else must be an
 * absolute address with one of the allowed schemes.
 */

const NOT_IN_A_LINK = /[\s\\\p{C}]/u;
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

const WEB_SCHEMES = ['https:', 'http:'] as const;
/** Formatted texts may also link to an e-mail address or a phone number. */
export const TEXT_LINK_SCHEMES = [...WEB_SCHEMES, 'mailto:', 'tel:'] as const;

export function isSafeLink(value: string, schemes: readonly string[] = WEB_SCHEMES): boolean {
  if (value === '' || NOT_IN_A_LINK.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!SCHEME.test(value)) return false;
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
