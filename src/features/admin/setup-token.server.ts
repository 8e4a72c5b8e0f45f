import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The one-time token that /admin/setup asks for. ADMIN_SETUP_TOKEN when configured;
 * otherwise a random one made at start (only while no admin exists) and printed to the
 * server log, so only whoever can read the log can create the first admin.
 */
export class SetupToken {
  private value: string | undefined;

  constructor(configured?: string) {
    this.value = configured;
  }

  get configured(): boolean {
    return this.value !== undefined;
  }

  /** Makes a token if none is configured; returns it (to print) or undefined. */
  generate(): string {
    this.value ??= randomBytes(24).toString('base64url');
    return this.value;
  }

  matches(candidate: string): boolean {
    if (this.value === undefined) return false;
    // Comparing digests keeps the comparison constant-time whatever the lengths.
    return timingSafeEqual(digest(candidate), digest(this.value));
  }

  /** After the first admin exists the token is useless; forget it. */
  spend(): void {
    this.value = undefined;
  }
}
