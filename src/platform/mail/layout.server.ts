import { PATHS } from '~/platform/paths';
import { escapeHtml } from '~/platform/http/escape-html';
import { mailContacts } from './contacts.server';
import type { Language } from '~/platform/i18n/languages';
import { serverT } from '~/platform/i18n/server-i18n.server';

/**
 * The one layout every e-mail uses, as HTML and as plain text: the event name, a heading,
 * a few paragraphs, the submitted details, an optional list, the organisers' contacts and
 * the privacy note. All text passed in is plain text; the HTML part escapes every bit of it.
 */

interface DetailRow {
  label: string;
  /** Empty values are shown as "not provided". */
  value: string | null | undefined;
}

/** A small table (an order's lines): header cells, rows, and total lines below. */
interface MailTable {
  head: string[];
  rows: string[][];
  /** Label and value lines under the rows; the last one is shown bold (the total). */
  totals: Array<{ label: string; value: string }>;
}

export interface MailContent {
  language: Language;
  subject: string;
  heading: string;
  paragraphs: string[];
  table?: MailTable;
  details?: { title: string; rows: DetailRow[] };
  /** A list; an item with `href` is a link (its address also written out in the text part). */
  list?: { title: string; items: Array<string | ListLink> };
  /** One button (a link the reader should follow), with the address also in the text part. */
  action?: { label: string; href: string };
  /** Paragraphs after the details and the button (e.g. "questions? reply"). */
  closing?: string[];
  /** An inline image (a check-in QR code) with a title and a line under it; `cid` names its attachment. */
  image?: { cid: string; alt: string; title: string; caption: string; width: number };
}

interface ListLink {
  text: string;
  href: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Escaped, with line breaks kept. */
function htmlText(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

/** Header values must stay on one line. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** The mail with every address on our site in its language (`linksInLanguage`). */
function mailInLanguage(mail: MailContent, publicUrl: string): MailContent {
  const fix = (text: string) => linksInLanguage(text, publicUrl, mail.language);
  return {
    ...mail,
    paragraphs: mail.paragraphs.map(fix),
    closing: mail.closing?.map(fix),
    details: mail.details && {
      ...mail.details,
      rows: mail.details.rows.map((row) => ({
        ...row,
        value: row.value == null ? row.value : fix(row.value),
      })),
    },
    list: mail.list && {
      ...mail.list,
      items: mail.list.items.map((item) =>
        typeof item === 'string' ? fix(item) : { text: item.text, href: fix(item.href) },
      ),
    },
    action: mail.action && { ...mail.action, href: fix(mail.action.href) },
  };
}

const colours = { ember: '#c2410c', ink: '#1f1a17', muted: '#5f5650', cream: '#fdf8f1', sand: '#f5ead9' };

/** Characters that end a sentence after an address written in a text, not part of it. */
const TRAILING = /[.,;:!?]+$/;

/**
 * Every address on our site in `text` with the reader's language added (`?lang=`, decision
 * 0049): a link opened from an e-mail, in a mail app or on another device, has no language
 * cookie, and must open in the language the e-mail is written in.
 */
export function linksInLanguage(text: string, publicUrl: string, language: Language): string {
  const base = publicUrl.replace(/\/$/, '');
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`${escaped}(?=$|[/?#\\s)"'<>])[^\\s<>"')]*`, 'g'), (found) => {
    const rest = TRAILING.exec(found)?.[0] ?? '';
    const url = new URL(found.slice(0, found.length - rest.length));
    url.searchParams.set('lang', language);
    return url.href + rest;
  });
}

export function renderMail(mail: MailContent, publicUrl: string): RenderedMail {
  // One place for every e-mail's links: each names the reader's language.
  const content = mailInLanguage(mail, publicUrl);
  const t = serverT(content.language);
  const eventName = t('common:site.name');
  const notProvided = t('forms:fallback.notProvided');
  const rows = (content.details?.rows ?? []).map((row) => ({
    label: row.label,
    value: row.value && row.value.trim() !== '' ? row.value : notProvided,
  }));
  const site = mailContacts();
  const contacts = [
    { label: t('mail:contacts.email'), value: site.email, href: `mailto:${site.email}` },
    { label: t('mail:contacts.phone'), value: site.phone, href: `tel:${site.phone.replace(/[^\d+]/g, '')}` },
    {
      label: t('mail:contacts.website'),
      value: publicUrl,
      href: linksInLanguage(publicUrl, publicUrl, content.language),
    },
  ];
  const privacy = t('mail:privacy', {
    email: site.email,
    notice: linksInLanguage(`${publicUrl.replace(/\/$/, '')}${PATHS.privacy}`, publicUrl, content.language),
  });
  const automated = t('mail:automated');

  const textParts = [
    eventName,
    '='.repeat(eventName.length),
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
  ];
  if (content.table) {
    const { head, rows: lines, totals } = content.table;
    for (const line of lines)
      textParts.push(line.map((cell, i) => (i === 0 ? cell : `${head[i]}: ${cell}`)).join(' · '));
    textParts.push(...totals.map((line) => `${line.label}: ${line.value}`), '');
  }
  if (content.details) {
    textParts.push(content.details.title, '-'.repeat(content.details.title.length));
    for (const row of rows) {
      const [first, ...rest] = row.value.split(/\r?\n/);
      textParts.push(`${row.label}: ${first}`, ...rest.map((line) => `    ${line}`));
    }
    textParts.push('');
  }
  if (content.list) {
    textParts.push(content.list.title, '-'.repeat(content.list.title.length));
    textParts.push(
      ...content.list.items.map((item) =>
        typeof item === 'string' ? `* ${item}` : `* ${item.text}\n  ${item.href}`,
      ),
      '',
    );
  }
  if (content.action) textParts.push(`${content.action.label}: ${content.action.href}`, '');
  if (content.image) textParts.push(content.image.title, content.image.caption, '');
  for (const p of content.closing ?? []) textParts.push(p, '');
  textParts.push(
    t('mail:contacts.title'),
    // The text part writes the address to follow (the website in the reader's language).
    ...contacts.map((c) => `${c.label}: ${c.href.startsWith('http') ? c.href : c.value}`),
    '',
    privacy,
    automated,
    '',
  );

  const paragraph = (text: string) => `<p style="margin:0 0 14px;line-height:1.55">${htmlText(text)}</p>`;
  const sectionTitle = (text: string) =>
    `<h2 style="margin:24px 0 10px;font-size:16px;color:${colours.ember}">${escapeHtml(text)}</h2>`;
  const detailsHtml = content.details
    ? sectionTitle(content.details.title) +
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:15px">` +
      rows
        .map(
          (row) =>
            `<tr><td style="padding:7px 12px 7px 0;border-bottom:1px solid #eee;color:${colours.muted};vertical-align:top;width:40%">${escapeHtml(row.label)}</td>` +
            `<td style="padding:7px 0;border-bottom:1px solid #eee;vertical-align:top">${htmlText(row.value)}</td></tr>`,
        )
        .join('') +
      `</table>`
    : '';
  const cell = 'padding:8px 6px;border-bottom:1px solid #eee;';
  const tableHtml = content.table
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;margin:8px 0 16px">` +
      `<tr>${content.table.head
        .map(
          (h, i) =>
            `<th style="padding:8px 6px;border-bottom:2px solid ${colours.sand};font-size:13px;color:${colours.muted};text-align:${i === 0 ? 'left' : 'right'}">${escapeHtml(h)}</th>`,
        )
        .join('')}</tr>` +
      content.table.rows
        .map(
          (row) =>
            `<tr>${row.map((c, i) => `<td style="${cell}text-align:${i === 0 ? 'left' : 'right'}">${escapeHtml(c)}</td>`).join('')}</tr>`,
        )
        .join('') +
      content.table.totals
        .map((line, i, all) => {
          const strong = i === all.length - 1 ? 'font-weight:bold;font-size:16px;' : '';
          return `<tr><td colspan="${content.table!.head.length - 1}" style="${cell}${strong}">${escapeHtml(line.label)}</td><td style="${cell}${strong}text-align:right;white-space:nowrap">${escapeHtml(line.value)}</td></tr>`;
        })
        .join('') +
      `</table>`
    : '';
  const actionHtml = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.href)}" style="display:inline-block;background:${colours.ember};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:999px">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const imageHtml = content.image
    ? sectionTitle(content.image.title) +
      `<p style="margin:0 0 8px"><img src="cid:${escapeHtml(content.image.cid)}" alt="${escapeHtml(content.image.alt)}" width="${content.image.width}" height="${content.image.width}" style="display:block;border:0"></p>` +
      `<p style="margin:0 0 14px;color:${colours.muted};font-size:14px">${htmlText(content.image.caption)}</p>`
    : '';
  const listHtml = content.list
    ? sectionTitle(content.list.title) +
      `<ul style="margin:0;padding-left:20px;line-height:1.55">${content.list.items
        .map(
          (item) =>
            `<li style="margin:0 0 6px">${
              typeof item === 'string'
                ? htmlText(item)
                : `<a href="${escapeHtml(item.href)}" style="color:${colours.ember}">${htmlText(item.text)}</a>`
            }</li>`,
        )
        .join('')}</ul>`
    : '';
  const contactsHtml = contacts
    .map(
      (c) =>
        `${escapeHtml(c.label)}: <a href="${escapeHtml(c.href)}" style="color:${colours.ember}">${escapeHtml(c.value)}</a>`,
    )
    .join('<br>');

  const html = `<!doctype html>
<html lang="${content.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(oneLine(content.subject))}</title>
</head>
<body style="margin:0;padding:0;background:${colours.cream};color:${colours.ink};font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.cream}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${colours.ember};color:#ffffff;padding:18px 24px;font-size:18px;font-weight:bold">${escapeHtml(eventName)}</td></tr>
<tr><td style="padding:24px;font-size:15px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map(paragraph).join('\n')}
${tableHtml}
${detailsHtml}
${listHtml}
${actionHtml}
${imageHtml}
${(content.closing ?? []).map(paragraph).join('\n')}
</td></tr>
<tr><td style="padding:18px 24px;background:${colours.sand};font-size:14px;line-height:1.55">
<strong>${escapeHtml(t('mail:contacts.title'))}</strong><br>
${contactsHtml}
<p style="margin:14px 0 0;color:${colours.muted}">${htmlText(privacy)}</p>
<p style="margin:6px 0 0;color:${colours.muted}">${htmlText(automated)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  return { subject: oneLine(content.subject), html, text: textParts.join('\n') };
}
