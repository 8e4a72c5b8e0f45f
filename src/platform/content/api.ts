import { z } from 'zod';
import { endpoint } from '~/platform/http/api';

/** The content editor's API (features/content-admin/admin.server.ts), written once for both sides. */
export const CONTENT_ENDPOINTS = {
  list: endpoint('/api/admin/content'),
  document: endpoint('/api/admin/content/:type'),
  draft: endpoint('/api/admin/content/:type/draft'),
  publish: endpoint('/api/admin/content/:type/publish'),
  /** GET: what publishing it will render (PublishPlan), said while the organiser waits. */
  publishPlan: endpoint('/api/admin/content/:type/publish-plan'),
  version: endpoint('/api/admin/content/:type/versions/:version'),
  restore: endpoint('/api/admin/content/:type/restore'),
  /** POST: several drafts published together, all or nothing (issue 30, next year). */
  publishAll: endpoint('/api/admin/content/publish-all'),
  /**
   * GET ?type=&page=&lang=: the page as it will look with the draft (HTML); `type` may name
   * several types, comma-separated ('event,banner'): their drafts together.
   */
  preview: endpoint('/api/admin/content/preview'),
};

/**
 * What a publish of one document will do before it answers (issue 43): check the pages that
 * show it (`check`, each in both languages), then render anew the pages that read it
 * (`render`, both languages) and give the others the new frame parts (`splice`: the banner
 * or the contacts). Null numbers: no pages are kept (no built site).
 */
export interface PublishPlan {
  check: number;
  render: number | null;
  splice: number | null;
}

/** What a publish did to the pages (the answer's `pages`; null: no built site). */
export interface PublishedPages {
  rendered: number;
  spliced: number;
  changed: number;
  failed: number;
}

/** Who "published" the first content, put in place at the first start (store.server.ts, seedContent). */
export const SEED_AUTHOR = 'seed';

export const saveDraftSchema = z.strictObject({
  data: z.unknown(),
  baseVersion: z.number().int().min(1),
});

export const publishSchema = z.strictObject({ baseVersion: z.number().int().min(1) });

export const publishAllSchema = z.strictObject({
  documents: z
    .array(z.strictObject({ type: z.string().max(80), baseVersion: z.number().int().min(1) }))
    .min(1)
    .max(20)
    .refine((documents) => new Set(documents.map((d) => d.type)).size === documents.length, {
      message: 'content:errors.duplicate',
    }),
});

export const restoreSchema = z.strictObject({
  version: z.number().int().min(1),
  baseVersion: z.number().int().min(1),
});

export const previewQuerySchema = z.object({
  type: z
    .string()
    .max(400)
    .transform((types) => types.split(',')),
  page: z
    .string()
    .regex(/^\/[\w/.-]*$/)
    .max(200),
  lang: z.enum(['lt', 'en']).default('lt'),
});
