import type { SiteContent } from '~/platform/content/content-type';
import type { FormServices } from '~/platform/forms/outcome';
import type { Language } from '~/platform/i18n/languages';
import {
  livePageHeaders,
  NO_PAGES,
  pageFile,
  type PageTable,
  type StaticAssets,
  type StaticFile,
} from '~/platform/http/static-files.server';
import type { LiveSite } from '~/platform/http/static-site.server';
import { FRAME_DOCUMENTS } from '~/platform/content/frame';
import { NOT_FOUND_PATH, NOT_FOUND_VARIANTS, PATHS } from '~/platform/paths';
import { frameParts, spliceFrame, type FrameParts } from './frame-splice.server';
import type { AdminServer } from '~/platform/admin/context';
import type { PrivateLinkReader } from './private-link';
import type { Renderer } from './renderer.server';

/**
 * A page without its scripts and module preloads: what the draft preview shows, and the
 * bench's reference for the first paint (the same HTML with no JavaScript at all).
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * A page that rendered as an error page (status 500: a loader or component threw). It is
 * never kept or served as the page: the publish that would cause it is refused, and one
 * that fails anyway (content stored before a check existed) answers 500.
 */
export class PageRenderError extends Error {
  constructor(
    readonly url: string,
    readonly language: Language,
    readonly status: number,
  ) {
    super(`The page ${url} (${language}) rendered with status ${status}`);
  }
}

/** Which pages there are (fixed routes and pages of parameterised routes, 404 pages included). */
export type PageList = () => readonly string[];

/** The page rendered first when the frame changes: the others get its frame parts. */
const FRAME_REFERENCE = PATHS.home;

/** Pages spliced between two yields to the readers (~0.3 ms each). */
const SPLICE_BATCH = 20;

/** A page's loaders read every document (they listed them): any publish changes it. */
const EVERY_DOCUMENT = '*';

/** What one round of rendering (the start, a publish) did. */
export interface RenderReport {
  /** Pages in the site. */
  pages: number;
  /** Pages the change touched (read a changed document, or not rendered yet). */
  touched: number;
  /** Of those, rendered before the round answered (the rest: after it, or on request). */
  rendered: number;
  /** Pages given the frame parts of a page rendered anew (the banner or contacts changed). */
  spliced: number;
  /** Pages whose HTML changed. */
  changed: number;
  failed: string[];
  /** The documents that changed since the last round (none: the clock moved; every page). */
  documents: string[];
  ms: number;
}

/**
 * `content` whose documents record which of them a render reads (`reads`): the routes'
 * loaders reach the documents only through `contentOf` (content-type.ts), so what a page
 * reads is exactly what can change it.
 */
function recordingReads(content: SiteContent, reads: Set<string>): SiteContent {
  const documents = new Proxy(content.documents, {
    get(target, key, receiver) {
      if (typeof key === 'string') reads.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
    has(target, key) {
      if (typeof key === 'string') reads.add(key);
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      reads.add(EVERY_DOCUMENT);
      return Reflect.ownKeys(target);
    },
  });
  return { ...content, documents };
}

/** One render round's state: its pages go into `fresh` until it swaps them in. */
interface Round {
  generation: number;
  /** Resolves when every touched page has been rendered (or failed). */
  done: Promise<void>;
  fresh: Map<string, StaticFile>;
  swapped: boolean;
  /** Pages whose HTML came out different. */
  changed: number;
  /** Pages given the reference page's frame parts. */
  spliced: number;
}

/**
 * The rendered pages, in memory, served like built files. Each page remembers which content
 * documents its loaders read; after a publish only the pages that read a changed document
 * are rendered again (others keep their HTML and validators), one after another with the
 * readers served the old pages in between, and swapped in together before the publish
 * answers (decision 0043: a cap that dropped the pages not done after 500 ms made readers
 * wait for renders, p99 5-11 s during banner publishes). At start every page is rendered
 * this way in the background (`warm`), after the server listens; a page asked for before
 * its turn is rendered for that request.
 */
export class PageStore implements LiveSite {
  private table: PageTable = NO_PAGES;
  /** Pages being rendered, with the round (generation) they render for. */
  private pending = new Map<string, { generation: number; running: Promise<void> }>();
  /** Pages that failed to render with the current content: answered 500, not rendered again. */
  private failed = new Map<string, PageRenderError>();
  /** For each rendered page, the documents its loaders read (both languages). */
  private reads = new Map<string, ReadonlySet<string>>();
  /** Pages dropped from the table until rendered again: their validators stay if unchanged. */
  private dropped = new Map<string, StaticFile>();
  /** Each document as the pages were last rendered from it (JSON), to see what a publish changed. */
  private renderedFrom = new Map<string, string>();
  private generation = 0;
  private round: Round | undefined;
  /** Renders done since start (the tests count a publish's). */
  renders = 0;
  /** Pages given another page's frame parts since start (decision 0044). */
  splices = 0;

  constructor(
    /** Render every page after a publish (the server), or only on the next request (tests). */
    private readonly eager: boolean,
    readonly assets: StaticAssets,
    private readonly renderer: Renderer,
    private readonly pageList: PageList,
    private readonly content: () => SiteContent,
    /** Served over https: the pages' CSP upgrades insecure requests. */
    readonly https = false,
  ) {}

  get pages(): PageTable {
    return this.table;
  }

  private isPage(pathname: string): boolean {
    return this.pageList().includes(pathname);
  }

  /** One page in one language; an error page (5xx) throws PageRenderError. */
  private async render(url: string, language: Language, content: SiteContent) {
    const page = await this.renderer.renderPage(url, language, content);
    if (page.status >= 500) throw new PageRenderError(url, language, page.status);
    return page;
  }

  /**
   * Both languages of one page, as one table entry (Lithuanian, with the English inside).
   * What it read: the documents its loaders read, but the frame's (banner, contacts) only
   * where its body used them; its frame parts are spliced when those change (decision 0044).
   */
  private async renderEntry(url: string, previous: StaticFile | undefined): Promise<StaticFile> {
    const reads = new Set<string>();
    const content = recordingReads(this.content(), reads);
    this.renders++;
    const lt = await this.render(url, 'lt', content);
    const en = await this.render(url, 'en', content);
    for (const document of Object.values(FRAME_DOCUMENTS)) reads.delete(document);
    for (const document of [...lt.frameUse, ...en.frameUse]) reads.add(document);
    this.reads.set(url, reads);
    const file = this.entry(url, lt.html, en.html, previous);
    // Off the main thread: the round's readers are served meanwhile (a spliced page is
    // compressed on its first request instead, decision 0044).
    if (file !== previous) await Promise.all([file.compressQuickly?.(), file.english?.compressQuickly?.()]);
    return file;
  }

  /**
   * A table entry for the two languages' HTML (the previous one when neither changed).
   * `spliced`: only the frame's parts changed, so the running scripts and their policy stay.
   */
  private entry(
    url: string,
    lt: string,
    en: string,
    previous: StaticFile | undefined,
    spliced = false,
  ): StaticFile {
    if (
      previous &&
      previous.identity.body?.toString('utf8') === lt &&
      previous.english?.identity.body?.toString('utf8') === en
    ) {
      return previous;
    }
    const now = new Date();
    const policy = (page: StaticFile | undefined) =>
      spliced ? page?.identity.ok['content-security-policy'] : undefined;
    const file = pageFile(url, lt, now, true, this.https, policy(previous));
    file.english = pageFile(url, en, now, true, this.https, policy(previous?.english));
    return file;
  }

  private withPage(table: PageTable, url: string, file: StaticFile): PageTable {
    if (url === NOT_FOUND_PATH) return { ...table, notFound: file };
    const variant = NOT_FOUND_VARIANTS.find((v) => v.path === url);
    if (variant) {
      return {
        ...table,
        notFoundVariants: [
          ...table.notFoundVariants.filter((v) => v.pattern !== variant.pattern),
          { pattern: variant.pattern, file },
        ],
      };
    }
    const files = new Map(table.files);
    files.set(url, file);
    return { ...table, files };
  }

  private lookup(table: PageTable, url: string): StaticFile | undefined {
    if (url === NOT_FOUND_PATH) return table.notFound;
    const variant = NOT_FOUND_VARIANTS.find((v) => v.path === url);
    if (variant) return table.notFoundVariants.find((v) => v.pattern === variant.pattern)?.file;
    return table.files.get(url);
  }

  /**
   * Renders one page with the current content, once however many ask (a request and the
   * round), and puts it in the table if no newer round began meanwhile: into the round's
   * fresh pages until it swaps them in, straight into the table after.
   */
  private renderPage(url: string): Promise<void> {
    const generation = this.generation;
    const pending = this.pending.get(url);
    if (pending?.generation === generation) return pending.running;
    const round = this.round;
    const previous = this.lookup(this.table, url) ?? this.dropped.get(url);
    const running: Promise<void> = this.renderEntry(url, previous)
      .then(
        (file) => {
          if (generation !== this.generation) return;
          if (round && file !== previous) round.changed++;
          if (previous && file !== previous) {
            previous.retired = true;
            if (previous.english) previous.english.retired = true;
          }
          this.dropped.delete(url);
          // Before the round swaps in, the table keeps the page's old HTML (if it has one).
          if (round && !round.swapped) round.fresh.set(url, file);
          if (!round || round.swapped || !this.lookup(this.table, url))
            this.table = this.withPage(this.table, url, file);
        },
        (error: unknown) => {
          if (error instanceof PageRenderError && generation === this.generation) this.failed.set(url, error);
          throw error;
        },
      )
      .finally(() => {
        if (this.pending.get(url)?.running === running) this.pending.delete(url);
      });
    this.pending.set(url, { generation, running });
    return running;
  }

  /**
   * Renders a page on its first request (and the 404 pages, which answer unknown paths).
   * Throws PageRenderError for a page that cannot be rendered (the app answers 500).
   */
  async ensurePage(pathname: string): Promise<void> {
    const url = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    const wanted = this.isPage(url) ? [url] : [NOT_FOUND_PATH, ...NOT_FOUND_VARIANTS.map((v) => v.path)];
    await Promise.all(
      wanted.map((page) => {
        if (this.lookup(this.table, page)) return undefined;
        const failure = this.failed.get(page);
        if (failure) return Promise.reject(failure);
        return this.renderPage(page);
      }),
    );
  }

  /** The documents that differ from those the pages were rendered from (and remembers these). */
  private changedDocuments(content: SiteContent): string[] {
    const changed: string[] = [];
    const ids = new Set([...this.renderedFrom.keys(), ...Object.keys(content.documents)]);
    for (const id of ids) {
      const json = JSON.stringify(content.documents[id]);
      if (this.renderedFrom.get(id) !== json) changed.push(id);
      if (json === undefined) this.renderedFrom.delete(id);
      else this.renderedFrom.set(id, json);
    }
    return changed;
  }

  /**
   * The pages a change of `documents` renders anew (`touched`: those that read one of them,
   * or are not rendered yet; every page when none changed, the clock), and those that only
   * get the frame parts of the first (`spliced`: the banner or the contacts changed).
   */
  private touchedBy(before: PageTable, pages: readonly string[], documents: readonly string[]) {
    const readsChanged = (url: string) => {
      if (!this.lookup(before, url)) return true;
      const reads = this.reads.get(url);
      return (
        documents.length === 0 ||
        !reads ||
        reads.has(EVERY_DOCUMENT) ||
        documents.some((document) => reads.has(document))
      );
    };
    let touched = pages.filter(readsChanged);
    // The banner or the contacts changed: the other pages get the frame's parts of one page
    // rendered anew (the home page, first), not a render each (decision 0044). When pages
    // render on request (tests), they are dropped like the touched ones.
    const frame: readonly string[] = Object.values(FRAME_DOCUMENTS);
    let spliced = documents.some((document) => frame.includes(document))
      ? pages.filter((url) => !touched.includes(url))
      : [];
    if (!this.eager) [touched, spliced] = [[...touched, ...spliced], []];
    if (spliced.length > 0) {
      touched = [FRAME_REFERENCE, ...touched.filter((url) => url !== FRAME_REFERENCE)];
      spliced = spliced.filter((url) => url !== FRAME_REFERENCE);
    }
    return { touched, spliced };
  }

  /**
   * What publishing `documents` will render, before it does (issue 43: the editor says
   * "rendering 74 pages…" while it waits): pages rendered anew (each in both languages) and
   * pages that only get the new frame parts.
   */
  plan(documents: readonly string[]): { render: number; splice: number } {
    const { touched, spliced } = this.touchedBy(this.table, this.pageList(), documents);
    return { render: touched.length, splice: spliced.length };
  }

  /**
   * After a publish (or when the clock changes what the pages say): the pages that read a
   * changed document are rendered anew (all of them when no document changed: the clock),
   * the readers served the old pages in between. Answers when they are swapped in (a
   * publish), or after `waitMs` (the start: at once) with those not done yet left to the
   * round or to their first request. When pages render on request (tests), the touched ones
   * are only dropped.
   */
  async refresh(waitMs = Number.POSITIVE_INFINITY): Promise<RenderReport> {
    const started = performance.now();
    const documents = this.changedDocuments(this.content());
    const generation = ++this.generation;
    const before = this.table;
    const pages = this.pageList();
    const { touched, spliced } = this.touchedBy(before, pages, documents);
    const touchedSet = new Set(touched);
    // The table without the touched pages (and those no longer listed).
    let kept: PageTable = NO_PAGES;
    for (const url of pages) {
      const file = this.lookup(before, url);
      if (file && !touchedSet.has(url)) kept = this.withPage(kept, url, file);
    }
    this.failed = new Map();
    this.dropped = new Map(
      touched.flatMap((url) => {
        const file = this.lookup(before, url) ?? this.dropped.get(url);
        return file ? [[url, file] as const] : [];
      }),
    );
    const round: Round = {
      generation,
      done: Promise.resolve(),
      fresh: new Map(),
      swapped: !this.eager,
      changed: 0,
      spliced: 0,
    };
    this.round = round;
    if (!this.eager) this.table = kept;
    else round.done = this.renderRound(round, touched, spliced);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      round.done,
      ...(Number.isFinite(waitMs)
        ? [new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]
        : []),
    ]);
    clearTimeout(timer);
    if (generation === this.generation && !round.swapped) {
      let table = kept;
      for (const [url, file] of round.fresh) {
        table = this.withPage(table, url, file);
        this.dropped.delete(url);
      }
      this.table = table;
      round.swapped = true;
    }
    return {
      pages: pages.length,
      touched: touched.length,
      rendered: round.fresh.size - round.spliced,
      spliced: round.spliced,
      changed: round.changed,
      failed: [...this.failed.keys()],
      documents,
      ms: Math.round(performance.now() - started),
    };
  }

  /**
   * The touched pages one after another, yielding to the readers between them; first, when
   * the frame changed, the reference page, whose frame parts then go into every spliced page.
   */
  private async renderRound(
    round: Round,
    touched: readonly string[],
    spliced: readonly string[],
  ): Promise<void> {
    let queue = touched;
    if (spliced.length > 0) {
      const [reference = FRAME_REFERENCE, ...rest] = touched;
      await this.renderPage(reference).catch(() => undefined);
      const file = round.fresh.get(reference);
      const lt = file && frameParts(file.identity.body!.toString('utf8'));
      const en = file?.english && frameParts(file.english.identity.body!.toString('utf8'));
      // Without a reference (it failed to render) every page is rendered instead.
      const notSpliced = lt && en ? await this.splice(round, spliced, lt, en) : spliced;
      queue = [...rest, ...notSpliced];
    }
    for (const url of queue) {
      if (round.generation !== this.generation) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (round.swapped && this.lookup(this.table, url)) continue; // asked for meanwhile
      // A page that fails stays out of the table: its request renders it again (and answers 500).
      await this.renderPage(url).catch(() => undefined);
    }
  }

  /**
   * The pages with the reference's frame parts in place of theirs, into the round's fresh
   * pages (a fraction of a millisecond each; readers are served between batches). Returns
   * the pages that could not be spliced, to be rendered.
   */
  private async splice(
    round: Round,
    pages: readonly string[],
    lt: FrameParts,
    en: FrameParts,
  ): Promise<string[]> {
    const notSpliced: string[] = [];
    for (const [index, url] of pages.entries()) {
      if (index % SPLICE_BATCH === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (round.generation !== this.generation) return [];
      const previous = this.lookup(this.table, url) ?? this.dropped.get(url);
      const ltHtml = previous && spliceFrame(previous.identity.body!.toString('utf8'), lt);
      const enHtml = previous?.english && spliceFrame(previous.english.identity.body!.toString('utf8'), en);
      if (!ltHtml || !enHtml) {
        notSpliced.push(url);
        continue;
      }
      const file = this.entry(url, ltHtml, enHtml, previous, true);
      if (file !== previous) {
        round.changed++;
        previous.retired = true;
        if (previous.english) previous.english.retired = true;
      }
      this.splices++;
      round.spliced++;
      round.fresh.set(url, file);
    }
    return notSpliced;
  }

  /**
   * Every page, at start: listed as touched and rendered in the background after the server
   * listens (requests meanwhile render their own page first). Resolves when all are done.
   */
  async warm(): Promise<RenderReport> {
    const started = performance.now();
    const report = await this.refresh(0);
    await this.idle();
    return { ...report, rendered: this.table.files.size, ms: Math.round(performance.now() - started) };
  }

  /** Resolves when the last round is done and no page is being rendered (tests, the bench). */
  async idle(): Promise<void> {
    await this.round?.done;
    while (this.pending.size > 0)
      await Promise.allSettled([...this.pending.values()].map((pending) => pending.running));
  }

  /**
   * One page with other content (an organiser's preview of a draft); not kept. Without its
   * scripts: the preview is to look at, and the app, started at the preview's own address,
   * would replace the page with "not found".
   */
  async preview(url: string, language: Language, content: SiteContent): Promise<string> {
    const { html } = await this.render(url, language, content);
    return withoutScripts(html);
  }

  /** One page rendered for one request, with the headers it is sent with; not kept. */
  async renderLive(
    url: string,
    language: Language,
  ): Promise<{ status: number; html: string; headers: Record<string, string> }> {
    const { status, html } = await this.renderer.renderPage(url, language, this.content());
    return { status, html, headers: livePageHeaders(html, this.https) };
  }

  /**
   * A form posted to its page, answered by its route action (decision 0039): a redirect,
   * the `.data` answer for the form's fetcher, or the page rendered for this request with
   * the answer, with its own CSP hashes; not kept.
   */
  async action(request: Request, services: FormServices): Promise<Response> {
    return this.live(await this.renderer.handle(request, this.content(), services));
  }

  /**
   * A private-link page rendered for the link in its address (an order's page, the
   * self-service page): its loader reads the link with `read`, so the HTML carries the
   * answer. Never kept: it is one visitor's.
   */
  async renderPrivate(request: Request, read: PrivateLinkReader): Promise<Response> {
    return this.live(await this.renderer.handle(request, this.content(), undefined, read), true);
  }

  /**
   * An admin page (or its `.data` request, or a post to its action) answered for one signed-in
   * admin (decision 0052): the page with its own CSP hashes; never kept.
   */
  async admin(request: Request, admin: AdminServer): Promise<Response> {
    return this.live(await this.renderer.handle(request, this.content(), undefined, undefined, admin));
  }

  /**
   * A page rendered for one request, with its own CSP hashes (`livePageHeaders`); an answer
   * that is not HTML (a redirect, `.data`) as it is, unless `always`.
   */
  private async live(answer: Response, always = false): Promise<Response> {
    if (!always && !answer.headers.get('content-type')?.startsWith('text/html')) return answer;
    const html = await answer.text();
    const headers = new Headers(answer.headers);
    for (const [name, value] of Object.entries(livePageHeaders(html, this.https))) headers.set(name, value);
    return new Response(html, { status: answer.status, headers });
  }

  /** React Router's data requests (`/<path>.data`) during client-side navigation. */
  async data(request: Request): Promise<Response> {
    return this.renderer.handle(request, this.content());
  }
}
