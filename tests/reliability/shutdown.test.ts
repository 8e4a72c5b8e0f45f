import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChildServer } from '../helpers/child-server';

const BODY = JSON.stringify({ name: 'Jonas Jonaitis', message: 'Labas, ar dar yra vietų palapinėms?' });

/**
 * Opens a connection and sends a POST's headers and half of its body; returns a function
 * that sends the rest and resolves with the raw response. Between the two the request is
 * in flight: the server has it and is reading its body.
 */
async function halfSentRequest(port: number, pathname: string) {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(response));
    socket.on('error', () => undefined);
  });
  const half = Math.floor(BODY.length / 2);
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(BODY)}\r\nConnection: close\r\n\r\n${BODY.slice(0, half)}`,
  );
  return async () => {
    socket.write(BODY.slice(half));
    return closed;
  };
}

describe('graceful shutdown', () => {
  it('SIGTERM stops accepting, answers every request in flight and exits cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-shutdown-'));
    try {
      const server = await startChildServer({ DATA_DIR: dataDir });
      const port = Number(new URL(server.url).port);
      const inFlight = await Promise.all(
        Array.from({ length: 20 }, () => halfSentRequest(port, '/api/no-such-endpoint')),
      );
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
      // Each one gets the route's real answer (here: JSON 404), not a dropped connection.
      for (const response of responses) {
        expect(response).toMatch(/^HTTP\/1\.1 404 Not Found/);
        expect(response).toContain('{"error":"not_found"}');
      }
      expect(await server.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
