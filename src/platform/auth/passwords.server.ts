import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with Node's built-in scrypt at OWASP ASVS 5 strength (N = 2^17, r = 8,
 * p = 1: 128 MiB of memory per hash). Stored as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`
 * (base64url), so the cost can be raised later without breaking old hashes.
 */
const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

// Each hash needs 128 * N * r bytes; the default maxmem (32 MiB) is too small.
const maxmemFor = (logN: number, r: number) => 2 * 128 * 2 ** logN * r;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

// At most two hashes at a time: a burst of sign-ins must not take gigabytes of memory.
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await limited(() =>
    scryptAsync(password, salt, KEY_LENGTH, { N: 2 ** LOG_N, r: R, p: P, maxmem: maxmemFor(LOG_N, R) }),
  );
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password or a malformed hash; never throws for bad input. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 14 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 4) {
    return false;
  }
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length < 16) return false;
  const key = await limited(() =>
    scryptAsync(password, salt, expected.length, { N: 2 ** logN, r, p, maxmem: maxmemFor(logN, r) }),
  );
  return timingSafeEqual(key, expected);
}

/**
 * A valid hash of a random password, used to spend the same time on an unknown e-mail as on
 * a known one (so response times do not reveal which e-mails have accounts).
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= hashPassword(randomBytes(24).toString('base64url')));
}
