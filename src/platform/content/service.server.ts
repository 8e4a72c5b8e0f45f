import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '~/platform/db/client.server';
import { type Listener, listen, notify } from '~/platform/db/notify.server';
import type { PublishedPages } from './api';
import type { SiteContent } from './content-type';
import { loadMedia, loadSiteContent } from './store.server';

const CHANNEL = 'content_published';
/** Catches a publish whose notification was lost (a reconnecting listener). */
const CHECK_EVERY_MS = 30_000;

/** Longest wait a Node timer takes (about 24.8 days); a later change is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface ContentTiming {
  /** The clock the pages and the server's checks read (tests fix it before the event). */
  now: () => Date;
  /** The next moment what the pages say changes by itself (registration opens…), or null. */
  nextChange: (content: SiteContent, now: Date) => Date | null;
}

/** What a listener did with a change: the pages rendered anew (the page store's counts). */
interface ChangeEffects {
  pages?: PublishedPages;
}

type ChangeListener = (content: SiteContent) => Promise<ChangeEffects | void>;

/**
 * The published content this process renders pages from. After a publish here, or on
 * another instance (PostgreSQL LISTEN/NOTIFY, within a second or two), it reloads and tells
 * its listeners (the page store, which renders the pages anew). It does the same when the
 * time comes for a change that needs no publish (`timing.nextChange`: registration opens or
 * closes, the weekend ends), so pages kept in memory are never behind the clock.
 */
export class ContentService {
  private current: SiteContent = { version: 0, documents: {}, media: {} };
  private listeners: ChangeListener[] = [];
  private listener: Listener | undefined;
  private timer: NodeJS.Timeout | undefined;
  private clockTimer: NodeJS.Timeout | undefined;
  private reloading: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly databaseUrl: string | undefined,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly timing: ContentTiming = { now: () => new Date(), nextChange: () => null },
  ) {}

  get content(): SiteContent {
    return this.current;
  }

  /** The time the pages are rendered for: what the server checks against too. */
  now(): Date {
    return this.timing.now();
  }

  /** Content as loaded, stamped with the moment it is rendered for, and the next change waited for. */
  private settle(content: SiteContent): SiteContent {
    const now = this.timing.now();
    if (this.clockTimer) clearTimeout(this.clockTimer);
    const next = this.timing.nextChange(content, now);
    if (next) {
      // A second late, so the pages rendered then are past the change.
      const wait = Math.min(next.getTime() - now.getTime() + 1000, LONGEST_TIMER_MS);
      this.clockTimer = setTimeout(() => void this.clockChanged(), Math.max(wait, 0));
      this.clockTimer.unref();
    }
    return { ...content, at: now.toISOString() };
  }

  private clockChanged(): Promise<unknown> {
    const run = async () => {
      this.current = this.settle(this.current);
      this.log.info({ at: this.current.at }, 'the time has come for a change on the pages');
      for (const listener of this.listeners) await listener(this.current);
    };
    this.reloading = this.reloading.then(run, run).catch((error: unknown) => {
      this.log.error({ err: error }, 'could not render the pages for the time');
    });
    return this.reloading;
  }

  onChange(listener: ChangeListener) {
    this.listeners.push(listener);
  }

  async start(): Promise<void> {
    this.current = this.settle(await loadSiteContent(this.database.db));
    if (this.databaseUrl) {
      this.listener = listen(
        this.databaseUrl,
        CHANNEL,
        () => void this.reload('published on another instance'),
        (error) => this.log.warn({ err: error }, 'content listener lost its connection; reconnecting'),
        () => void this.reload('listener reconnected'),
      );
      this.timer = setInterval(() => void this.reload('periodic check'), CHECK_EVERY_MS);
      this.timer.unref();
    }
  }

  /**
   * After a publish here: tell the other instances, then reload and render. Told first, they
   * render at the same time instead of after this one (issue 42: seconds with every page).
   * What they admit does not wait for it: decisions read the committed facts
   * (store.server.ts, `readPublished`). Answers what the listeners did (the pages rendered
   * anew), for the organiser who published.
   */
  async published(): Promise<ChangeEffects> {
    if (this.database.kind === 'postgres') await notify(this.database.db, CHANNEL, 'published');
    return this.reload('published');
  }

  /**
   * After a photo upload: its sizes, for previews. Pages change only when content that
   * shows the photo is published (which reloads everything, on every instance).
   */
  async mediaAdded(): Promise<void> {
    const media = await loadMedia(this.database.db);
    this.current = { ...this.current, media };
  }

  /**
   * Reloads the published content; listeners run only when a publish changed it (a new
   * photo alone changes no page). Serialised.
   */
  private reload(reason: string): Promise<ChangeEffects> {
    const run = async (): Promise<ChangeEffects> => {
      const next = await loadSiteContent(this.database.db);
      if (next.version === this.current.version) {
        this.current = { ...this.current, media: next.media };
        return {};
      }
      this.current = this.settle(next);
      this.log.info({ version: next.version, reason }, 'content changed');
      const effects: ChangeEffects = {};
      for (const listener of this.listeners) Object.assign(effects, await listener(next));
      return effects;
    };
    const done = this.reloading.then(run, run).catch((error: unknown): ChangeEffects => {
      this.log.error({ err: error }, 'could not reload the content');
      return {};
    });
    this.reloading = done;
    return done;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.clockTimer) clearTimeout(this.clockTimer);
    await this.listener?.close();
    await this.reloading;
  }
}
