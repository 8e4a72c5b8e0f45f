import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runUntilExit, SERVER_COMPILED, startChildServer } from '@tests/helpers/child-server';
import { sendContactMessage } from '@tests/helpers/forms';
import { startTestSmtp } from '@tests/helpers/smtp';

// Production runs the JavaScript that `npm run build` compiles (scripts/build-server.mjs), with
// no TypeScript loader. The other tests start the server from source; this one proves the
// compiled files work: files read next to their source (content/initial/, the language
// packs), the built site, a form stored and e-mailed, and the admin command.
describe('the compiled server', () => {
  it('serves pages, takes a form and e-mails it; the compiled admin command creates an admin', async () => {
    expect(existsSync(SERVER_COMPILED), 'run `npm run build` first').toBe(true);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-compiled-'));
    const smtp = await startTestSmtp();
    try {
      // As `npm start` runs it: no NODE_ENV (Vitest's own is taken away). NODE_DEBUG=module
      // has Node name each file it loads, React's build among them.
      const server = await startChildServer(
        { DATA_DIR: dataDir, SMTP_URL: smtp.url, NODE_ENV: undefined, NODE_DEBUG: 'module' },
        { script: SERVER_COMPILED },
      );
      try {
        // React's production build renders the pages; the configuration still reads no
        // NODE_ENV, so it is not production: without Stripe keys it would have refused to start.
        expect(server.output()).toContain('react-dom-server.node.production.js');
        expect(server.output()).not.toContain('react-dom-server.node.development.js');

        const home = await fetch(`${server.url}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain('<html lang="lt"');
        const english = await fetch(`${server.url}/kontaktai?lang=en`);
        expect(await english.text()).toContain('<html lang="en"');

        const message = 'Ar galima atvykti su šunimi?';
        const sent = await sendContactMessage(server.url, message);
        expect(sent.status).toBe(201);
        // The organisers' notice with the message, and the visitor's acknowledgement.
        const mails = await smtp.waitForMessages(2, 60_000);
        expect(mails.some((mail) => mail.text?.includes(message))).toBe(true);
        expect(mails.some((mail) => mail.html && mail.html.includes('<html lang="lt">'))).toBe(true);
      } finally {
        server.process.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }

      const cli = await runUntilExit(
        { DATA_DIR: dataDir, ADMIN_PASSWORD: 'a long enough password' },
        { script: 'build/server/create-admin.js', args: ['--email', 'ruta@example.com', '--name', 'Rūta'] },
      );
      expect(cli.code, cli.output).toBe(0);
    } finally {
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
