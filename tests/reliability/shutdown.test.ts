import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validRequests } from '@tests/helpers/forms';
import { openDatabase } from '~/platform/db/client.server';
import { startChildServer } from '@tests/helpers/child-server';
import { type AcknowledgedOrder, auditOrders, clientIp, VALID_ORDER } from '@tests/helpers/orders';
import { startTestSmtp } from '@tests/helpers/smtp';
import { sigtermUnderLoad } from '@tests/helpers/faults';
import { AUTO_REPLY_DAILY_LIMIT } from '~/platform/forms/form-endpoint.server';

/**
 * Opens a connection and sends a POST's headers and half of its body; returns a function
 * that sends the rest and resolves with the raw response. Between the two the request is
 * in flight: the server has it and is reading its body.
 */
async function halfSentRequest(port: number, pathname: string, body: string, ip: string) {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString('utf8')));
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(response));
    socket.on('error', () => undefined);
  });
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `X-Forwarded-For: ${ip}\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(bytes.subarray(0, half));
  return async () => {
    socket.write(bytes.subarray(half));
    return closed;
  };
}

const IN_FLIGHT = 10; // of each: contact messages and orders
// Each message notifies the organisers; its sender gets an automatic reply, at most a few a day.
const MAILS = IN_FLIGHT + Math.min(IN_FLIGHT, AUTO_REPLY_DAILY_LIMIT);

describe('graceful shutdown', () => {
  it('SIGTERM stops accepting, finishes the writes in flight, sends their e-mails, closes the database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-shutdown-'));
    const smtp = await startTestSmtp();
    try {
      const server = await startChildServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
      const port = Number(new URL(server.url).port);
      const messages = Array.from({ length: IN_FLIGHT }, (_, i) => `Ar dar yra vietų palapinėms? (nr. ${i})`);
      const customers = Array.from({ length: IN_FLIGHT }, (_, i) => `Ona Onaitė ${i}`);
      const inFlight = await Promise.all([
        ...messages.map((message, i) =>
          halfSentRequest(
            port,
            '/api/contact',
            JSON.stringify({ ...validRequests.contact.body, message }),
            clientIp(i),
          ),
        ),
        ...customers.map((customer_name, i) =>
          halfSentRequest(
            port,
            '/api/orders',
            JSON.stringify({ ...VALID_ORDER, customer_name }),
            clientIp(IN_FLIGHT + i),
          ),
        ),
      ]);
      // Let the server read those headers (until then a connection counts as idle).
      await new Promise((resolve) => setTimeout(resolve, 500));
      server.process.kill('SIGTERM');
      // Give the server time to stop listening while those requests are still unfinished.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const refused = await new Promise<boolean>((resolve) => {
        const probe = connect(port, '127.0.0.1');
        probe.once('connect', () => {
          probe.destroy();
          resolve(false);
        });
        probe.once('error', () => resolve(true));
      });
      expect(refused, 'new connections are refused after SIGTERM').toBe(true);

      const responses = await Promise.all(inFlight.map((finish) => finish()));
      // Each one is stored and answered, not dropped.
      for (const response of responses) expect(response).toMatch(/^HTTP\/1\.1 201 Created/);
      const orders = responses
        .slice(IN_FLIGHT)
        .map((response) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as AcknowledgedOrder);
      expect(await server.exited, server.output()).toBe(0);

      // Their e-mails went out before the process ended (nothing waits for a next start).
      expect(smtp.messages).toHaveLength(MAILS);
      const mailText = smtp.messages.map((mail) => mail.text ?? '').join('\n');
      for (const message of messages) expect(mailText).toContain(message);

      // And it is all there when the database is opened again.
      const database = await openDatabase({ dataDir });
      try {
        const contacts = await database.db.selectFrom('contacts').select('message').execute();
        expect(contacts.map((row) => row.message).sort()).toEqual([...messages].sort());
        expect((await auditOrders(database.db, orders)).lost).toEqual([]);
        const outbox = await database.db.selectFrom('mail_outbox').select('status').execute();
        expect(outbox.map((row) => row.status)).toEqual(Array(MAILS).fill('sent'));
      } finally {
        await database.close();
      }
    } finally {
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  // Before the drain: 29 of 30 clients were reset. Then, under load, the few connections still
  // in the kernel's accept queue when the listener closed (issue 42, finding 8): now the stop
  // accepts those and lets no new one join the queue (server-limits.server.ts, acceptQueued).
  // Ten stops in a row: `npm run bench -- crash`.
  it(
    'SIGTERM under 30 clients ordering in a loop: no connection reset, every 2xx stored',
    { timeout: 240_000 },
    async () => {
      const report = await sigtermUnderLoad();
      console.info(
        `shutdown loop: ${report.acknowledged} orders 201, ${report.closeHeaders} answered with Connection: close ` +
          `after SIGTERM, ${report.refused} refused, ${report.resets.length} reset ` +
          `(${report.resetsBeforeSignal.length} of the ${report.startedBeforeSignal} sent before the signal)`,
      );
      expect(report.exitCode, report.output).toBe(0);
      expect(report.resetsBeforeSignal, report.resets.join(', ')).toEqual([]);
      // After the queued ones are accepted, the kernel may still let one new connection in
      // (a backlog of 0 holds one) before the listener closes: sent after the signal.
      expect(report.resets.length, report.resets.join(', ')).toBeLessThanOrEqual(1);
      expect(report.unexpected).toEqual([]);
      expect(report.refused + report.resets.length).toBe(30);
      expect(report.lost).toEqual([]);
    },
  );
});
