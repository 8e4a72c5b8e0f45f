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
import { NOT_FOUND_PATH, NOT_FOUND_VARIANTS } from '~/platform/paths';
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

/**
 * The rendered pages, in memory, served like built files. `renderAll` renders every page in
 * both languages and swaps them in at once (at start, and after a publish); a page asked
 * for before that is rendered on its first request. Pages whose HTML did not change keep
 * their validators, so browsers' copies stay valid.
 */
export class PageStore implements LiveSite {
  private table: PageTable = NO_PAGES;
  private pending = new Map<string, Promise<void>>();
  /** Pages that failed to render with the current content: answered 500, not rendered again. */
  private failed = new Map<string, PageRenderError>();
  private generation = 0;

  constructor(
    /** Render every page after a publish (the server), or only on the next request (tests). */
    private readonly eager: boolean,
    readonly assets: StaticAssets,
    private readonly renderer: Renderer,
    private readonly pageList: PageList,
    private readonly content: () => SiteContent,
    /** Served over https: the pages' CSP upgrades insecure requests. */
    private readonly https = false,
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

  /** Both languages of one page, as one table entry (Lithuanian, with the English inside). */
  private async renderEntry(url: string, previous: StaticFile | undefined): Promise<StaticFile> {
    const content = this.content();
    const lt = await this.render(url, 'lt', content);
    const en = await this.render(url, 'en', content);
    if (
      previous &&
      previous.identity.body?.toString('utf8') === lt.html &&
      previous.english?.identity.body?.toString('utf8') === en.html
    ) {
      return previous;
    }
    const now = new Date();
    const file = await pageFile(url, lt.html, now, true, this.https);
    file.english = await pageFile(url, en.html, now, true, this.https);
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
        let running = this.pending.get(page);
        if (!running) {
          const generation = this.generation;
          running = this.renderEntry(page, undefined)
            .then(
              (file) => {
                // A full render that started meanwhile has the newer content: keep it.
                if (generation === this.generation && !this.lookup(this.table, page)) {
                  this.table = this.withPage(this.table, page, file);
                }
              },
              (error: unknown) => {
                if (error instanceof PageRenderError && generation === this.generation)
                  this.failed.set(page, error);
                throw error;
              },
            )
            .finally(() => this.pending.delete(page));
          this.pending.set(page, running);
        }
        return running;
      }),
    );
  }

  /**
   * After a publish: every page anew (swapped in together), or, when pages render on
   * request, the old ones dropped so the next request renders them with the new content.
   */
  async refresh(): Promise<{ pages: number; changed: number; failed: string[]; ms: number }> {
    if (this.eager) return this.renderAll();
    this.generation++;
    this.table = NO_PAGES;
    this.failed = new Map();
    return { pages: 0, changed: 0, failed: [], ms: 0 };
  }

  /**
   * Renders every page anew and swaps them in together; returns how many changed, and the
   * pages that could not be rendered (left out: they answer 500 until the content changes).
   */
  async renderAll(): Promise<{ pages: number; changed: number; failed: string[]; ms: number }> {
    const started = performance.now();
    const generation = ++this.generation;
    const before = this.table;
    let table: PageTable = NO_PAGES;
    const failed = new Map<string, PageRenderError>();
    let changed = 0;
    for (const url of this.pageList()) {
      const previous = this.lookup(before, url);
      let file: StaticFile;
      try {
        file = await this.renderEntry(url, previous);
      } catch (error) {
        if (!(error instanceof PageRenderError)) throw error;
        failed.set(url, error);
        continue;
      }
      if (file !== previous) changed++;
      table = this.withPage(table, url, file);
    }
    // Only the newest render swaps in (two publishes close together).
    if (generation === this.generation) {
      this.table = table;
      this.failed = failed;
    }
    return {
      pages: this.pageList().length,
      changed,
      failed: [...failed.keys()],
      ms: Math.round(performance.now() - started),
    };
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
    const answer = await this.renderer.handle(request, this.content(), services);
    if (!answer.headers.get('content-type')?.startsWith('text/html')) return answer;
    const html = await answer.text();
    const headers = new Headers(answer.headers);
    for (const [name, value] of Object.entries(livePageHeaders(html, this.https))) headers.set(name, value);
    return new Response(html, { status: answer.status, headers });
  }

  /**
   * A private-link page rendered for the link in its address (an order's page, the
   * self-service page): its loader reads the link with `read`, so the HTML carries the
   * answer. Never kept: it is one visitor's.
   */
  async renderPrivate(request: Request, read: PrivateLinkReader): Promise<Response> {
    const answer = await this.renderer.handle(request, this.content(), undefined, read);
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
