import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '~/platform/db/client.server';
import { type Listener, listen, notify } from '~/platform/db/notify.server';
import type { SiteContent } from './content-type';
import { loadMedia, loadSiteContent } from './store.server';

const CHANNEL = 'content_published';
/** Catches a publish whose notification was lost (a reconnecting listener). */
const CHECK_EVERY_MS = 30_000;

/**
 * The published content this process renders pages from. After a publish here, or on
 * another instance (PostgreSQL LISTEN/NOTIFY, within a second or two), it reloads and tells
 * its listeners (the page store, which renders the pages anew).
 */
export class ContentService {
  private current: SiteContent = { version: 0, documents: {}, media: {} };
  private listeners: Array<(content: SiteContent) => Promise<void>> = [];
  private listener: Listener | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly databaseUrl: string | undefined,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  ) {}

  get content(): SiteContent {
    return this.current;
  }

  onChange(listener: (content: SiteContent) => Promise<void>) {
    this.listeners.push(listener);
  }

  async start(): Promise<void> {
    this.current = await loadSiteContent(this.database.db);
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

  /** After a publish here: reload, render, and tell the other instances. */
  async published(): Promise<void> {
    await this.reload('published');
    if (this.database.kind === 'postgres')
      await notify(this.database.db, CHANNEL, String(this.current.version));
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
  private reload(reason: string): Promise<void> {
    const run = async () => {
      const next = await loadSiteContent(this.database.db);
      if (next.version === this.current.version) {
        this.current = { ...this.current, media: next.media };
        return;
      }
      this.current = next;
      this.log.info({ version: next.version, reason }, 'content changed');
      for (const listener of this.listeners) await listener(next);
    };
    this.reloading = this.reloading.then(run, run).catch((error: unknown) => {
      this.log.error({ err: error }, 'could not reload the content');
    });
    return this.reloading;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.listener?.close();
    await this.reloading;
  }
}
