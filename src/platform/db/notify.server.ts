import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/**
 * PostgreSQL's LISTEN/NOTIFY between instances sharing one database: `notify` from any
 * connection, `listen` on a connection of its own that reconnects when it is lost. (The
 * embedded database has one process: there is nobody else to tell.)
 */
export async function notify(db: Kysely<Database>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

export interface Listener {
  close(): Promise<void>;
}

export function listen(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onError: (error: Error) => void,
  /** Called after a reconnection, when messages may have been missed meanwhile. */
  onReconnect: () => void,
): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (again: boolean) => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('error', (error) => {
      onError(error);
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      schedule();
    });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, '')}"`);
      if (closed) return void (await next.end());
      client = next;
      if (again) onReconnect();
    } catch (error) {
      onError(error as Error);
      void next.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect(true);
    }, 1000);
    retry.unref();
  };
  void connect(false);
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
