import { z } from 'zod';
import type { FieldError } from '~/platform/http/api';
import { endpoint } from '~/platform/http/api';

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
});
export type NextYearForm = z.infer<typeof nextYearFormSchema>;

const draftVersion = z.number().int().min(1);
export const nextYearVersionsSchema = z.strictObject({
  event: draftVersion,
  history: draftVersion,
  banner: draftVersion,
});
export type NextYearVersions = z.infer<typeof nextYearVersionsSchema>;

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
}

export interface SavedNextYear {
  versions: NextYearVersions;
  /** Texts still to write before publishing, as `<type>:<field>` ('page.history:years.0.title.lt'). */
  missing: FieldError[];
}
