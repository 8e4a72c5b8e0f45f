/**
 * The check-in code in a registration's confirmation e-mail (issue 33), as its QR code
 * carries it: `LTBBQ1:<registration id>:<signature>`. The check-in screen reads the id from a
 * scan to find the party in its list (offline too); the server checks the signature when a
 * tick comes with it (./check-in-code.server.ts). Shared by the e-mail (registration) and the
 * screen (check-in), which do not import each other.
 */
const PREFIX = 'LTBBQ1';
const CODE = /^LTBBQ1:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):([A-Za-z0-9_-]{22})$/;

export const formatCheckInCode = (registrationId: string, signature: string) =>
  `${PREFIX}:${registrationId}:${signature}`;

/** The registration a scanned text names, with its signature; undefined for any other text. */
export function parseCheckInCode(text: string): { registrationId: string; signature: string } | undefined {
  const match = CODE.exec(text.trim());
  return match ? { registrationId: match[1]!, signature: match[2]! } : undefined;
}
