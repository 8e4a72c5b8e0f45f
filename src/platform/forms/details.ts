import type { Translate } from '~/platform/i18n/translator';

/**
 * A submitted form as label/value rows in one language: the same rows fill the e-mails
 * (server) and the mailto fallback (browser), so both always say the same thing.
 */
export interface DetailRow {
  label: string;
  /** Empty or missing values read as "not provided". */
  value: string | null | undefined;
  /**
   * The value is chosen from a fixed list (an option, a number), never typed by the sender:
   * only such rows go into the automatic reply to the sender's (unconfirmed) address.
   */
  fixed?: boolean;
}

/** Any `t`, bound to a language. */
export type { Translate };

/** Labels of the chosen options, joined. */
export function optionLabels(t: Translate, prefix: string, values: readonly string[]): string {
  // A key from stored data: not checked by the typecheck; the keys test's DYNAMIC_KEYS list
  // names these prefixes (`form.*.options.*`).
  return values.map((value) => t(String(`${prefix}.${value}`))).join(', ');
}

/** Plain-text body for a mailto link: one "Label: value" line per row. */
export function detailsToText(rows: readonly DetailRow[], notProvided: string): string {
  return rows
    .map((row) => `${row.label}: ${row.value && row.value.trim() !== '' ? row.value : notProvided}`)
    .join('\n');
}
