import { Suspense, use } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { serverT } from './server-i18n.server';
import { Trans } from './Trans';
import type { Language } from './languages';
import { Translator, type Pack, type TranslateOptions } from './translator';
import { TranslatorContext, useTranslation } from './useTranslation';

// Our translator (decision 0047) must read the packs as i18next did with our settings.
// Lithuanian plural forms (Intl.PluralRules 'lt'): one 1, 21, 31…; few 2–9, 22…; many
// fractions; other 0, 10–20, 30…. English: one 1, other the rest.

const plain = (text: string) => text.replace(/\s/g, ' ');
/** Markup without React's comments (text separators, Suspense boundaries). */
const markup = (html: string) => html.replace(/<!--.*?-->/g, '');

/** A `t` over made-up packs: their keys are not the site's, so it takes any string. */
type AnyKey = (key: string, options?: TranslateOptions) => string;

function translator(language: 'lt' | 'en', packs: Record<string, Pack>) {
  const made = new Translator(language);
  for (const [namespace, pack] of Object.entries(packs)) made.addPack(language, namespace, pack);
  return made as { t: AnyKey; getFixedT: (language: Language, namespace: string) => AnyKey } & Translator;
}

describe('plurals with count, in the language of the translator', () => {
  it('Lithuanian: one, few, many and other, from the real pack', () => {
    const t = serverT('lt');
    expect(t('checkIn:offline.waiting', { count: 1 })).toBe('1 pažymėjimas laukia išsiuntimo.');
    expect(t('checkIn:offline.waiting', { count: 21 })).toBe('21 pažymėjimas laukia išsiuntimo.');
    expect(t('checkIn:offline.waiting', { count: 2 })).toBe('2 pažymėjimai laukia išsiuntimo.');
    expect(t('checkIn:offline.waiting', { count: 22 })).toBe('22 pažymėjimai laukia išsiuntimo.');
    expect(t('checkIn:offline.waiting', { count: 10 })).toBe('10 pažymėjimų laukia išsiuntimo.');
    expect(t('checkIn:offline.waiting', { count: 11 })).toBe('11 pažymėjimų laukia išsiuntimo.');
    expect(t('checkIn:offline.waiting', { count: 0 })).toBe('0 pažymėjimų laukia išsiuntimo.');
    expect(t('checkIn:offline.waiting', { count: 1.5 })).toBe('1.5 pažymėjimo laukia išsiuntimo.');
  });

  it('English: one and other (its pack has no few: 2, 10, 21 and 0 are other)', () => {
    const t = serverT('en');
    expect(t('checkIn:offline.waiting', { count: 1 })).toBe('1 tick waits to be sent.');
    for (const count of [0, 2, 10, 21])
      expect(t('checkIn:offline.waiting', { count })).toBe(`${count} ticks wait to be sent.`);
  });

  it('ordinals: the _ordinal_ forms (English 1st, 2nd, 3rd, 4th, 21st; Lithuanian one form)', () => {
    const en = serverT('en');
    const option = (count: number) => en('admin:editions.option', { count, ordinal: true, year: 2030 });
    expect([1, 2, 3, 4, 11, 21, 22].map(option)).toEqual([
      '2030 · 1st',
      '2030 · 2nd',
      '2030 · 3rd',
      '2030 · 4th',
      '2030 · 11th',
      '2030 · 21st',
      '2030 · 22nd',
    ]);
    expect(serverT('lt')('admin:editions.option', { count: 5, ordinal: true, year: 2030 })).toBe(
      '2030 · 5-asis',
    );
  });

  it('falls back as i18next does: _zero for 0, else the form, else the key itself, else _other', () => {
    const t = translator('lt', {
      common: {
        items_zero: 'none',
        items_one: '{{count}} one',
        items_other: '{{count}} other',
        plain: 'plain',
      },
    }).t;
    expect(t('items', { count: 0 })).toBe('none');
    expect(t('items', { count: 1 })).toBe('1 one');
    expect(t('items', { count: 2 })).toBe('2 other'); // no _few: the key, then _other
    expect(t('plain', { count: 2 })).toBe('plain');
  });
});

describe('texts', () => {
  const t = translator('en', {
    common: {
      hello: 'Hello {{name}}, {{name}}!',
      nav: { about: 'About' },
      values: { action: { 'order.confirm': 'Order confirmed' } },
      budget: 'Up to {{to, money}}',
    },
    shop: { title: 'Shop' },
  });

  it('fills {{variables}} without escaping (React escapes); one not given stays as written', () => {
    expect(t.t('hello', { name: '<Jonas & Ona>' })).toBe('Hello <Jonas & Ona>, <Jonas & Ona>!');
    expect(t.t('hello')).toBe('Hello {{name}}, {{name}}!');
    expect(t.t('hello', { name: 0 })).toBe('Hello 0, 0!');
    expect(t.t('hello', { name: null })).toBe('Hello , !');
  });

  it('writes {{amount, money}} with formatMoney in the language (pence in)', () => {
    expect(t.t('budget', { to: 50_000 })).toBe('Up to £500');
    expect(
      plain(
        serverT('lt')('sponsorApplication:form.budgetRange.options.500-1000', { from: 50_000, to: 100_050 }),
      ),
    ).toBe('500 £–1 000,50 £');
  });

  it('reads nested keys, keys holding a dot, and namespaces', () => {
    expect(t.t('nav.about')).toBe('About');
    expect(t.t('values.action.order.confirm')).toBe('Order confirmed');
    expect(t.t('shop:title')).toBe('Shop');
    expect(t.getFixedT('en', 'shop')('title')).toBe('Shop');
    expect(t.getFixedT('en', 'shop')('common:nav.about')).toBe('About');
    expect(serverT('en')('mail:greeting', { name: 'Ona' })).toBe('Hello Ona,');
  });

  it('a key with no text shows the key (without its namespace), or defaultValue if given', () => {
    expect(t.t('no.such.key')).toBe('no.such.key');
    expect(t.t('shop:no.such.key')).toBe('no.such.key');
    expect(t.t('nav')).toBe('nav'); // an object, not a text
    expect(t.t('missing:title')).toBe('title'); // a pack not loaded
    expect(t.t('values.status.new', { defaultValue: 'new' })).toBe('new');
    expect(t.t('nav.about', { defaultValue: 'unused' })).toBe('About');
    // @ts-expect-error -- not a key (the typecheck refuses it); at run time, defaultValue is shown
    expect(serverT('en')('admin:csv.fileNames.nothing', { defaultValue: 'nothing' })).toBe('nothing');
  });

  it('serverT reads anything that is not en as Lithuanian', () => {
    expect(serverT('xx')('common:nav.about')).toBe('Apie renginį');
    expect(serverT('en')('common:nav.about')).toBe('About the event');
  });

  it('a fixed t is the same function each time (stable across renders)', () => {
    expect(t.getFixedT('en', 'shop')).toBe(t.getFixedT('en', 'shop'));
  });
});

describe('in React', () => {
  const shared = translator('lt', { common: { hi: 'Labas' }, registration: { hi: 'Sveiki' } });
  const other = shared.inLanguage('en');
  other.addPack('en', 'common', { hi: 'Hi' });
  other.addPack('en', 'registration', { hi: 'Hello' });

  function Hi({ wait }: { wait?: Promise<void> }) {
    if (wait) use(wait);
    const { t: typed, i18n } = useTranslation(['registration', 'common']);
    const t = typed as AnyKey;
    return (
      <p lang={i18n.language}>
        {t('hi')} {t('common:hi')}
      </p>
    );
  }

  it('useTranslation takes the first namespace named, and the translator the render provides', () => {
    const html = renderToStaticMarkup(
      <TranslatorContext.Provider value={other}>
        <Hi />
      </TranslatorContext.Provider>,
    );
    expect(markup(html)).toBe('<p lang="en">Hello Hi</p>');
  });

  it('two renders in both languages at the same time, each with its own translator', async () => {
    const read = async (stream: NodeJS.ReadableStream) => {
      let html = '';
      for await (const chunk of stream) html += Buffer.from(chunk as Uint8Array).toString('utf8');
      return html;
    };
    // Each render waits mid-tree; they resume in the other order, so they interleave.
    let resumeLt = () => {};
    let resumeEn = () => {};
    const ltWaits = new Promise<void>((resolve) => (resumeLt = resolve));
    const enWaits = new Promise<void>((resolve) => (resumeEn = resolve));
    const render = (translator: Translator, wait: Promise<void>) =>
      prerenderToNodeStream(
        <TranslatorContext.Provider value={translator}>
          <Suspense>
            <Hi wait={wait} />
          </Suspense>
        </TranslatorContext.Provider>,
      ).then(({ prelude }) => read(prelude));
    const lt = render(shared.inLanguage('lt'), ltWaits);
    const en = render(other, enWaits);
    resumeEn();
    await Promise.resolve();
    resumeLt();
    expect(markup(await lt)).toBe('<p lang="lt">Sveiki Labas</p>');
    expect(markup(await en)).toBe('<p lang="en">Hello Hi</p>');
    expect(shared.language).toBe('lt');
  });

  it('Trans puts a named tag’s text into its component', () => {
    const t = translator('en', {
      common: { rules: 'I have read the <rules>safety rules</rules> and will follow them.' },
    }).t;
    const html = renderToStaticMarkup(
      <Trans t={t} i18nKey="rules" components={{ rules: <a href="/rules" /> }} />,
    );
    expect(html).toBe('I have read the <a href="/rules">safety rules</a> and will follow them.');
  });
});
