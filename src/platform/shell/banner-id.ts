import type { Banner } from '~/platform/site-content/banner';

/**
 * Identifies the announcement as it reads now, so visitors who hid an older one see a new
 * one (a short hash of its texts and link, FNV-1a).
 */
export function bannerId(banner: Banner): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify([banner.text, banner.linkLabel, banner.link])) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
