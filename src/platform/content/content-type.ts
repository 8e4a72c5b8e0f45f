import type { z } from 'zod';

/**
 * A kind of content the organisers edit (event facts, FAQ, a page's text…): one document
 * per type, validated by its schema (built from ./fields.ts). Features define their own
 * types; src/app lists them all (content-types.ts).
 */
export interface ContentType<Schema extends z.ZodType = z.ZodType> {
  /** Stable id: the document's key in the database ('faq', 'page.about'…). */
  id: string;
  /** Key of the `content` pack: the editor's title for it. */
  label: string;
  schema: Schema;
  /** The pages that show it (preview, and what an organiser looks at after publishing). */
  pages: readonly string[];
  /**
   * How documents of an older shape become this one (issue 30): `upgrades[n]` takes a
   * document of version n to version n + 1 (plain JSON in, plain JSON out; never edit one
   * that has shipped). The type's version is one more than the highest key; none: version 1.
   * Run at every start by platform/content/upgrade.server.ts, tested with a fixture of the
   * release before (tests/app/upgrade.test.ts).
   */
  upgrades?: Readonly<Record<number, (document: unknown) => unknown>>;
  /** Its texts may say {{date}}, {{quietFrom}}…: the editor lists them (eventPlaceholders). */
  placeholders?: boolean;
}

/** The version of a type's shape: 1, plus one for every upgrade it ships. */
export function shapeVersion(type: ContentType): number {
  return 1 + Object.keys(type.upgrades ?? {}).length;
}

export type ContentOf<T extends ContentType> = z.output<T['schema']>;

export function defineContentType<Schema extends z.ZodType>(type: ContentType<Schema>): ContentType<Schema> {
  return type;
}

/** An uploaded photo's sizes (the built-in photos are resolved by the page code). */
export interface MediaInfo {
  width: number;
  height: number;
  /** Variant name → its width, e.g. { w480: 480, w960: 960, w1440: 1440, thumb: 128 }. */
  variants: Record<string, number>;
}

/**
 * The published content of the whole site, as the pages are rendered from it: one document
 * per type (plain JSON), the uploaded photos' sizes, and a version that grows with every
 * publish. Handed to the routes' loaders by the renderer.
 */
export interface SiteContent {
  version: number;
  documents: Record<string, unknown>;
  media: Record<string, MediaInfo>;
  /** Set when the pages are a preview of a draft (admin only). */
  preview?: { type: string };
  /**
   * The moment the pages are rendered for (ISO): what is open or over at that time (the
   * event's phase) is read against it, so a page and the server's own checks agree. Absent: now.
   */
  at?: string;
}

/** The document of `type` in `content` (published data was validated when it was published). */
export function contentOf<T extends ContentType>(content: SiteContent, type: T): ContentOf<T> {
  const document = content.documents[type.id];
  if (document === undefined) throw new Error(`No content of type ${type.id}: was it seeded?`);
  return document as ContentOf<T>;
}
