import { describe, expect, it } from 'vitest';
import { isSafeLink, TEXT_LINK_SCHEMES } from './links';

// Issue 28, finding 11: addresses that look like the site's own pages but open another site.

describe('a link the organisers write', () => {
  it('is a page of the site or an allowed absolute address', () => {
    for (const good of ['/', '/istorija', '/sponsor/4', '/zoline#tradicija', '/apie-rengini?lang=en'])
      expect(isSafeLink(good), good).toBe(true);
    for (const good of ['https://example.com/a?b=1', 'http://example.com', 'HTTPS://EXAMPLE.COM'])
      expect(isSafeLink(good), good).toBe(true);
    expect(isSafeLink('mailto:info@example.com', TEXT_LINK_SCHEMES)).toBe(true);
    expect(isSafeLink('tel:+447700900123', TEXT_LINK_SCHEMES)).toBe(true);
  });

  it('never an address a browser reads as another site, a script or anything unknown', () => {
    const bad = [
      '/\\evil.example/x',
      '/\t/evil.example/x',
      '/\n/evil.example/x',
      '/\r/evil.example/x',
      '/ /evil.example',
      '/\u00a0/evil.example',
      '/\u200b/evil.example',
      '//evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'evil.example',
      'www.evil.example',
      '',
      'https://exa mple.com',
      'https:\\\\evil.example',
    ];
    for (const link of bad) expect(isSafeLink(link, TEXT_LINK_SCHEMES), JSON.stringify(link)).toBe(false);
    // Link fields take web addresses only.
    expect(isSafeLink('mailto:info@example.com')).toBe(false);
  });
});
