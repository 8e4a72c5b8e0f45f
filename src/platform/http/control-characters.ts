/**
 * Control characters no person types: C0 except tab, newline and carriage return, DEL, and
 * the C1 range. PostgreSQL refuses NUL in text; the others have no business in a name, an
 * address or a message. The server refuses them on every endpoint
 * (control-characters.server.ts); the browser forms drop them from what is pasted.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const withoutControlCharacters = (value: string) =>
  value.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '');

/**
 * Direction controls that reorder the text after them: the embeddings and overrides
 * (U+202A–U+202E, U+202E being "right-to-left override") and the isolates (U+2066–U+2069). In
 * a name they turn what the admin lists, the CSV and the check-in screen show around (issue 42,
 * item 5). The public forms refuse them with a field error (forms/schema.ts).
 */
export const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** Emoji a zero-width joiner may join (👨‍👩‍👧, 🏳️‍🌈), skipping the variation selector and skin tones. */
const EMOJI_BEFORE = /\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;
/** A flag's tag sequence (🏴 + tags + cancel tag: Wales, Scotland, England). */
const FLAG_TAGS_BEFORE = /\u{1F3F4}[\u{E0020}-\u{E007E}]*$/u;
const INVISIBLE = /\p{Cf}/gu;

/**
 * The text without invisible format characters (Unicode category Cf): the direction controls
 * above and the marks (LRM, RLM, ALM), zero-width spaces and non-joiners, word joiners, byte
 * order marks, soft hyphens, invisible operators, tags. Kept: a zero-width joiner between two
 * emoji and the tags of a flag such as Wales's, which make one emoji of several. Applied to
 * what the public forms store (silently: nothing a reader sees changes) and to what the CSV
 * export and the check-in screen show of a name stored before this rule.
 */
export function withoutInvisibleCharacters(value: string): string {
  if (!/\p{Cf}/u.test(value)) return value;
  return value.replace(INVISIBLE, (character, offset: number) => {
    const before = value.slice(Math.max(0, offset - 40), offset);
    if (character === '\u200D' && EMOJI_BEFORE.test(before) && EMOJI_AFTER.test(value.slice(offset + 1)))
      return character;
    const code = character.codePointAt(0)!;
    if (code >= 0xe0020 && code <= 0xe007f && FLAG_TAGS_BEFORE.test(before)) return character;
    return '';
  });
}
