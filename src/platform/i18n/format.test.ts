import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatMoney, formatPeriod, numberFormat } from './format';
import { serverT } from './server-i18n.server';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney: one money format per language (issue 18, item 7)', () => {
  it('writes pounds and euros the way each language does', () => {
    expect(formatMoney(1999, 'en')).toBe('£19.99');
    expect(plain(formatMoney(1999, 'lt'))).toBe('19,99 £');
    expect(formatMoney(250_000, 'en')).toBe('£2,500');
    expect(plain(formatMoney(250_000, 'lt'))).toBe('2 500 £');
    expect(formatMoney(489, 'en', 'EUR')).toBe('€4.89');
    expect(plain(formatMoney(489, 'lt', 'EUR'))).toBe('4,89 €');
  });

  it('is the only place that formats money: no other module builds a currency format', () => {
    const offenders = globSync('src/**/*.{ts,tsx}')
      .filter((file) => !file.endsWith('format.ts') && !/\.test\.tsx?$/.test(file))
      .filter((file) => /style:\s*'currency'/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('no language pack writes an amount by hand: amounts come in through {{value, money}}', () => {
    const handWritten = globSync('src/platform/i18n/locales/*/*.json').flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /[£€]\s?\d|\d\s?[£€]/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(handWritten).toEqual([]);
  });

  it("fills {{value, money}} in pack texts in the translator's language", () => {
    expect(
      serverT('en')('sponsorApplication:form.budgetRange.options.1000-2500', { from: 100_000, to: 250_000 }),
    ).toBe('£1,000–£2,500');
    expect(plain(serverT('lt')('sponsorApplication:form.budgetRange.options.2500+', { from: 250_000 }))).toBe(
      'Daugiau nei 2 500 £',
    );
  });
});

describe('formatPeriod', () => {
  it('says a retention period in words', () => {
    expect(formatPeriod(90, 'day', 'en')).toBe('90 days');
    expect(formatPeriod(90, 'day', 'lt')).toBe('90 dienų');
    expect(formatPeriod(6, 'year', 'lt')).toBe('6 metai');
  });
});

describe('Intl formatters are made once (issue 16: hydration spent 400 ms making them)', () => {
  it('writing the event facts again and again makes no new formatter', async () => {
    const { eventPlaceholders } = await import('~/platform/event/placeholders');
    const { eventContent } = await import('~/platform/site-content/event');
    const initialEventFacts = eventContent.schema.parse(
      JSON.parse(readFileSync('content/initial/event.json', 'utf8')),
    );
    const made = { count: 0 };
    const real = Intl.DateTimeFormat;
    const counting = new Proxy(real, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made.count++;
        return new target(...args);
      },
    });
    Intl.DateTimeFormat = counting;
    try {
      // Once in each language (an earlier test may have made some already), then none.
      eventPlaceholders(initialEventFacts, 'lt');
      eventPlaceholders(initialEventFacts, 'en');
      const first = made.count;
      for (let i = 0; i < 50; i++) eventPlaceholders(initialEventFacts, i % 2 ? 'lt' : 'en');
      expect(made.count).toBe(first);
    } finally {
      Intl.DateTimeFormat = real;
    }
  });

  it('gives the same formatter for the same locale and options', () => {
    expect(dateTimeFormat('lt-LT', { day: 'numeric' })).toBe(dateTimeFormat('lt-LT', { day: 'numeric' }));
    expect(numberFormat('en-GB')).not.toBe(numberFormat('lt-LT'));
  });
});
