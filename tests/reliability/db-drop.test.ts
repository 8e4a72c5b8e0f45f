import { describe, expect, it } from 'vitest';
import { dropConnectionsUnderLoad } from '@tests/helpers/faults';

/**
 * PostgreSQL cuts the server's connections (pg_terminate_backend: what a restart, a failover
 * or an administrator does) again and again while 20 clients place orders. The process must
 * stay up, a request whose connection was cut answers 503 with the usual error body, every
 * 201 is stored, and once the database stops cutting, requests succeed again (the pool
 * reconnects). `npm run bench -- crash` runs it longer.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections dropped under load', () => {
  it('fails only the requests on the dropped connections, with 503, and keeps running', async () => {
    const report = await dropConnectionsUnderLoad();
    console.info(
      `db-drop: ${report.kills} connections killed; ${report.acknowledged} orders 201, ${report.unavailable} 503, ` +
        `${report.unexpected.length} other, ${report.networkErrors} network errors`,
    );
    expect(report.alive, report.output).toBe(true);
    expect(report.networkErrors, report.output).toBe(0);
    expect(report.unexpected).toEqual([]);
    expect(report.kills).toBeGreaterThan(0);
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.unavailableWithBody).toBe(report.unavailable);
    expect(report.recovered).toBe(true);
    expect(report.lost).toEqual([]);
  }, 180_000);
});
