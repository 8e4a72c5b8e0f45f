import { describe, expect, it } from 'vitest';
import type { SiteContent } from './content-type';
import { contentInLanguage, inLanguage } from './in-language';

describe('content in one language', () => {
  const document = {
    title: { lt: 'Istorija', en: 'History' },
    year: '2025',
    years: [{ caption: { lt: 'Metai', en: 'Year' }, photos: ['asset:a.webp'], price: 500 }],
    // Not a text per language: other keys besides lt and en.
    mixed: { lt: 'a', en: 'b', note: 'c' },
  };

  it('keeps the shape, with each { lt, en } holding the one language under both keys', () => {
    expect(inLanguage(document, 'en')).toEqual({
      title: { lt: 'History', en: 'History' },
      year: '2025',
      years: [{ caption: { lt: 'Year', en: 'Year' }, photos: ['asset:a.webp'], price: 500 }],
      mixed: { lt: 'a', en: 'b', note: 'c' },
    });
    expect(JSON.stringify(inLanguage(document, 'lt'))).not.toContain('History');
  });

  it('reads a document in the language only when asked for, once per publish', () => {
    const content: SiteContent = { version: 1, documents: { 'page.history': document }, media: {} };
    const read = contentInLanguage(content, 'lt');
    expect(read.documents['page.history']).toMatchObject({ title: { lt: 'Istorija', en: 'Istorija' } });
    expect(read.documents['page.history']).toBe(contentInLanguage(content, 'lt').documents['page.history']);
    expect(read.documents.missing).toBeUndefined();
    // The published content itself is untouched.
    expect(document.title.en).toBe('History');
  });
});
