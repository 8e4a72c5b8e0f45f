import { describe, expect, it } from 'vitest';
import { escapeHtml } from '~/platform/http/escape-html';
import { linksInLanguage, renderMail } from './layout.server';

const content = {
  subject: 'Line one\r\nBcc: someone@example.org',
  heading: 'Heading <b>',
  paragraphs: ['First & second', 'Two\nlines'],
  details: {
    title: 'Details',
    rows: [
      { label: 'Name', value: '<script>alert("x")</script>' },
      { label: 'Phone', value: '' },
      { label: 'Message', value: 'one\ntwo' },
    ],
  },
  list: { title: 'Remember', items: ['Bring a tent'] },
};

describe('e-mail layout', () => {
  it.each([
    [
      'lt',
      'Lietuvių BBQ savaitgalis Velse',
      'Nepateikta',
      'Organizatorių kontaktai',
      'https://lietuviubbq.uk/privatumas?lang=lt',
    ],
    [
      'en',
      'Lithuanian BBQ Weekend in Wales',
      'Not provided',
      'Contact the organisers',
      'https://lietuviubbq.uk/privatumas?lang=en',
    ],
  ] as const)(
    'renders HTML and text in %s with the event, contacts and privacy note',
    (language, event, missing, contacts, privacy) => {
      const mail = renderMail({ language, ...content }, 'https://lietuviubbq.uk');
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain(event);
        expect(part).toContain(contacts);
        expect(part).toContain('info@lietuviubbq.uk');
        expect(part).toContain('+44 7700 900123');
        expect(part).toContain(privacy);
        expect(part).toContain(missing);
        expect(part).toContain('Bring a tent');
      }
      expect(mail.html).toContain(`<html lang="${language}">`);
    },
  );

  it('escapes every piece of text in the HTML part and keeps the text part plain', () => {
    const mail = renderMail({ language: 'en', ...content }, 'https://lietuviubbq.uk');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('Heading &lt;b&gt;');
    expect(mail.html).toContain('First &amp; second');
    expect(mail.html).toContain('one<br>two');
    expect(mail.text).toContain('Name: <script>alert("x")</script>');
    expect(mail.text).toContain('Message: one\n    two');
    expect(mail.text).not.toMatch(/<(p|td|br|table)\b/);
  });

  it('keeps the subject on one line (no header injection)', () => {
    const mail = renderMail({ language: 'lt', ...content }, 'https://lietuviubbq.uk');
    expect(mail.subject).toBe('Line one Bcc: someone@example.org');
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  // Issue 44: a link opened from an e-mail (mail app, another device) has no language cookie.
  it("names the reader's language in every link to the site, wherever it is in the mail", () => {
    const site = 'https://lietuviubbq.uk';
    const mail = renderMail(
      {
        language: 'en',
        subject: 'Your registration',
        heading: 'Thank you',
        paragraphs: [`Your private page: ${site}/mano-duomenys?link=abc. Keep it.`],
        list: { title: 'Links', items: [{ text: 'Order', href: `${site}/order-success?order_id=x` }] },
        action: { label: 'Accept', href: `${site}/registracija-vieta?token=t` },
        closing: [`Elsewhere: https://example.com/page and ${site}`],
      },
      site,
    );
    for (const [part, and] of [
      [mail.html, '&amp;'],
      [mail.text, '&'],
    ] as const) {
      expect(part).toContain(`${site}/mano-duomenys?link=abc${and}lang=en. Keep it.`);
      expect(part).toContain(`${site}/order-success?order_id=x${and}lang=en`);
      expect(part).toContain(`${site}/registracija-vieta?token=t${and}lang=en`);
      expect(part).toContain('https://example.com/page and');
      expect(part).toContain(`${site}/?lang=en`);
      expect(part).toContain(`${site}/privatumas?lang=en`);
    }
    // A link that names a language already keeps it (an admin's invitation names its own).
    expect(linksInLanguage(`${site}/admin/kvietimas?lang=lt#token=x`, site, 'en')).toBe(
      `${site}/admin/kvietimas?lang=en#token=x`,
    );
    // Another site that starts with the same letters is not ours.
    expect(linksInLanguage('https://lietuviubbq.uk.example.com/x', site, 'en')).toBe(
      'https://lietuviubbq.uk.example.com/x',
    );
  });
});
