import { readFileSync } from 'node:fs';

/**
 * The first content of each type: `content/initial/<type>.json`, put in the database the
 * first time the site starts (platform/content/store.server.ts, seedContent) and never
 * again: from then on the organisers' edits are the content.
 */
const INITIAL_DIR = new URL('../../../content/initial/', import.meta.url);

export function initialContent(typeId: string): unknown {
  return JSON.parse(readFileSync(new URL(`${typeId}.json`, INITIAL_DIR), 'utf8'));
}
