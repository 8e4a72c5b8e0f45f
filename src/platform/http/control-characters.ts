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
