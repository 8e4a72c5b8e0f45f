import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startChildServer } from '@tests/helpers/child-server';
import { type AcknowledgedOrder, auditOrders, clientIp, VALID_ORDER } from '@tests/helpers/orders';
import { createTestDatabase } from '@tests/helpers/test-database';

/**
 * PostgreSQL cuts the server's connections (pg_terminate_backend: what a restart, a failover
 * or an administrator does) again and again while 20 clients place orders. The process must
 * stay up, a request whose connection was cut answers 503 with the usual error body, every
 * 201 is stored, and once the database stops cutting, requests succeed again (the pool
 * reconnects).
 */
const CLIENTS = 20;
const LOAD_MS = 4_000;
const KILL_EVERY_MS = 150;

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections dropped under load', () => {
  it('fails only the requests on the dropped connections, with 503, and keeps running', async () => {
    const database = await createTestDatabase('postgres');
    const name = new URL(database.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const server = await startChildServer({ DATABASE_URL: database.url!, TRUST_PROXY: 'true' });
    try {
      const acknowledged: AcknowledgedOrder[] = [];
      const unavailable: string[] = [];
      const unexpected: string[] = [];
      let networkErrors = 0;
      let next = 0;
      const until = Date.now() + LOAD_MS;
      const client = async () => {
        while (Date.now() < until) {
          try {
            const response = await fetch(`${server.url}/api/orders`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(next++) },
              body: JSON.stringify(VALID_ORDER),
            });
            const body = await response.text();
            if (response.status === 201) acknowledged.push(JSON.parse(body) as AcknowledgedOrder);
            else if (response.status === 503) unavailable.push(body);
            else unexpected.push(`${response.status} ${body.slice(0, 200)}`);
          } catch {
            networkErrors++;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      };
      let kills = 0;
      const killer = (async () => {
        while (Date.now() < until) {
          const { rowCount } = await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          );
          kills += rowCount ?? 0;
          await new Promise((resolve) => setTimeout(resolve, KILL_EVERY_MS));
        }
      })();
      await Promise.all([killer, ...Array.from({ length: CLIENTS }, client)]);
      console.info(
        `db-drop: ${kills} connections killed; ${acknowledged.length} orders 201, ${unavailable.length} 503, ` +
          `${unexpected.length} other, ${networkErrors} network errors`,
      );

      expect(server.process.exitCode, server.output()).toBeNull();
      expect(networkErrors, server.output()).toBe(0);
      expect(unexpected).toEqual([]);
      expect(kills).toBeGreaterThan(0);
      expect(acknowledged.length).toBeGreaterThan(0);
      for (const body of unavailable) {
        expect(JSON.parse(body)).toMatchObject({
          error: 'unavailable',
          message: 'common:apiErrors.unavailable',
        });
      }

      // The pool reconnects: the site answers again once the database stops cutting.
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      const again = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(next++) },
        body: JSON.stringify(VALID_ORDER),
      });
      expect(again.status).toBe(201);
      acknowledged.push((await again.json()) as AcknowledgedOrder);

      expect((await auditOrders(database.handle.db, acknowledged)).lost).toEqual([]);
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
      await admin.end();
      await database.drop();
    }
  }, 120_000);
});
