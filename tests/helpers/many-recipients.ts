import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { TestApp } from './test-app';

/**
 * An SMTP server that notes each mail's recipients and throws the mail away (parsing hundreds
 * of mails in the site's process would load it, which no real mail server does).
 */
export async function discardingSmtp() {
  const recipients: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        recipients.push(...session.envelope.rcptTo.map((to) => to.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    recipients,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `count` confirmed registrations of the latest edition, person0@example.com onwards. */
export async function insertConfirmedRegistrations(db: TestApp['db'], count: number) {
  await db
    .insertInto('registrations')
    .values(
      Array.from({ length: count }, (_, i) => ({
        edition: sql<number>`(select max(edition) from editions)`,
        first_name: 'Gintarė',
        last_name: 'Žemaitytė',
        email: `person${i}@example.com`,
        phone: '+44 7700 900123',
        participation_types: JSON.stringify(['participate']),
        camping: 'tent',
        agreed_to_rules: true,
        status: 'confirmed',
        language: i % 3 ? 'lt' : 'en',
      })),
    )
    .execute();
}
