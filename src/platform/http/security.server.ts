import { createHash } from 'node:crypto';

/**
 * Content-Security-Policy for everything we serve. Scripts: only our own files plus the
 * exact inline scripts of a prerendered page, allowed by hash (no 'unsafe-inline').
 * Styles allow inline because React style attributes and the toast library's injected
 * <style> need it; styles cannot run code.
 */
/**
 * `https`: the site is served over https (PUBLIC_URL). Only then does the policy ask the
 * browser to upgrade every subresource request to https: over plain http (a LAN address, a
 * staging host) that upgrade would point CSS, JS and fonts at a port nobody serves.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = [], https = false): string {
  const scripts = ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // A shop order posted without scripts is answered with a redirect to Stripe's checkout,
    // which form-action also governs (platform/forms/action.server.ts).
    "form-action 'self' https://checkout.stripe.com",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * sha256 hashes of every inline <script> of an HTML document that runs, in CSP source form.
 * Data blocks (`type="application/json"`, `application/ld+json`) never run and need none: a
 * publish that changes only the frame's data block keeps each page's policy (decision 0044).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const body = match[2] ?? '';
    if (body.length === 0 || /\btype="application\/(?:ld\+)?json"/.test(match[1] ?? '')) continue;
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}
