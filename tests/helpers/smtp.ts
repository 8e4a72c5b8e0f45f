import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** smtp://127.0.0.1:<port>?ignoreTLS=true — pass as SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  /** Refuse the next n messages with a 451 (to test retries). */
  refuseNext: (count: number) => void;
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ParsedMail[]>;
  close: () => Promise<void>;
}

/** A real SMTP server on a random local port that keeps every message it accepts. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  /** Who waits for a number of messages: told as each one arrives (no polling). */
  const waiters = new Set<() => void>();
  let refuse = 0;
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // The site's pooled mailer keeps its connection open; closing ends it (421) after this,
    // not after the default 30 s, when a test stops the SMTP server before the site.
    closeTimeout: 500,
    onData(stream, _session, callback) {
      if (refuse > 0) {
        refuse--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    refuseNext: (count) => {
      refuse = count;
    },
    waitForMessages: (count, timeoutMs = 10_000) =>
      new Promise<ParsedMail[]>((resolve, reject) => {
        // The deadline only ends a wait that failed; an arrival ends it otherwise.
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${count} e-mails, got ${messages.length}`));
        }, timeoutMs);
        function check() {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages);
        }
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
