import { z } from 'zod';
import type { FieldError } from '~/platform/http/api';
import { endpoint } from '~/platform/http/api';
import type { EventFacts } from '~/platform/site-content/event';
import type { StaleText } from './stale';

/**
 * "Prepare next year" (issue 30): what the organiser fills in on one page, and the API that
 * turns it into three drafts (the event facts, the history page, the banner). Publishing
 * them together is the content editor's own POST publish-all (platform/content/api.ts).
 */
export const NEXT_YEAR_ENDPOINTS = {
  /** GET: the plan (prefilled, or as saved); PUT: the three drafts saved together. */
  plan: endpoint('/api/admin/next-year'),
};

/** The three content types, in the order they are published ('event' first, the banner last). */
export const NEXT_YEAR_TYPES = { event: 'event', history: 'page.history', banner: 'banner' } as const;
export type NextYearPart = keyof typeof NEXT_YEAR_TYPES;

const wallTime = z.string().max(20);
const localizedText = z.strictObject({ lt: z.string().max(400), en: z.string().max(400) });

/** What the page sends; the content types check the rest when the drafts are saved. */
export const nextYearFormSchema = z.strictObject({
  /** Step 1: the next edition and its dates (UK wall-clock times; '' = open now / until the end). */
  edition: z.number().int().min(1).max(1000),
  start: wallTime,
  end: wallTime,
  registration: z.strictObject({ opens: wallTime, closes: wallTime }),
  /** Step 2: the history year of the edition just ended (an entry of page.history's `years`). */
  year: z.record(z.string(), z.unknown()),
  /** Step 3: the banner's text ({{shortDate}}… follow the new dates). */
  bannerText: localizedText,
  /**
   * Step 4 (issue 43): texts of other pages that named the old edition, as the organiser
   * rewrote them; each goes into its document's draft, published with the three.
   */
  texts: z
    .array(
      z.strictObject({
        type: z.string().max(80),
        path: z.string().max(300),
        language: z.enum(['lt', 'en']),
        text: z.string().max(5000),
      }),
    )
    .max(200)
    .default([]),
});
export type NextYearForm = z.input<typeof nextYearFormSchema>;

const draftVersion = z.number().int().min(1);
export const nextYearVersionsSchema = z.strictObject({
  event: draftVersion,
  history: draftVersion,
  banner: draftVersion,
  /** The drafts of the documents whose texts step 4 lists, by type. */
  texts: z.record(z.string().max(80), draftVersion).default({}),
});
export type NextYearVersions = z.input<typeof nextYearVersionsSchema>;

export const saveNextYearSchema = z.strictObject({
  form: nextYearFormSchema,
  /** The draft versions the form was loaded from (409 when one changed meanwhile). */
  versions: nextYearVersionsSchema,
});

export interface NextYearPlan {
  /** The published edition: the one that just ended (or is still ahead). */
  current: { edition: number; start: string; end: string; year: string; over: boolean };
  /** The drafts already hold the next edition (saved from this page or the editor). */
  prepared: boolean;
  form: NextYearForm;
  versions: NextYearVersions;
  /** The event facts' draft, for the previews: the form's fields go over it. */
  facts: EventFacts;
  /**
   * Published texts that still name the published edition, the one before it, a jubilee or
   * their years (issue 43): found by the server in every document but the facts, the history
   * and the banner (the form's own step); with the draft's text, which may be fixed already.
   */
  stale: StaleEntry[];
}

export interface StaleEntry extends StaleText {
  /** The draft's text at the same place: the one to publish. */
  draft: string;
  /** What the draft still names ([] once fixed). */
  draftFound: string[];
}

export interface SavedNextYear {
  versions: NextYearVersions;
  /** Texts still to write before publishing, as `<type>:<field>` ('page.history:years.0.title.lt'). */
  missing: FieldError[];
}
