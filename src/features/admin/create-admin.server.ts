// Creates an admin from the command line (works whether or not an admin exists):
//   npm run admin:create -- --email jurgita@example.com --name Jurgita
// Its entry point is src/app/create-admin.server.ts, which hands in the app's migrations.
// The password is asked for (not shown while typing), or read from ADMIN_PASSWORD for scripts.
// Uses the same DATABASE_URL / DATA_DIR as the server. With the embedded database (no
// DATABASE_URL), the server must be stopped: only one process may open the data directory,
// and this command refuses with that advice while the server holds it.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { setupSchema } from './schema';
import { ConfigError, loadConfig } from '~/platform/config/config.server';
import type { Kysely } from 'kysely';
import { openDatabase } from '~/platform/db/client.server';
import type { Database } from '~/platform/db/schema';
import { DataDirLockedError } from '~/platform/db/data-dir-lock.server';
import { AdminExistsError, createAdmin } from './admins.server';
import { writeAudit } from '~/platform/auth/audit.server';

const USAGE = 'Usage: npm run admin:create -- --email <e-mail> --name <first name>';

/** Reads a line without echoing it (a password prompt). */
async function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    // Piped input: read the first line.
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    return '';
  }
  process.stdout.write(question);
  let muted = true;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      muted = false;
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The command: reads its arguments and the password, migrates the database, creates the admin. */
export async function createAdminCommand(migrate: (db: Kysely<Database>) => Promise<unknown>) {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.email || !values.name) fail(USAGE);

  let password = process.env.ADMIN_PASSWORD;
  if (password === undefined) {
    password = await promptHidden('Password (at least 12 characters): ');
    const again = await promptHidden('Repeat the password: ');
    if (again !== password) fail('The passwords do not match.');
  }

  const input = z
    .object({
      firstName: setupSchema.shape.firstName,
      email: setupSchema.shape.email,
      password: setupSchema.shape.password,
    })
    .safeParse({ firstName: values.name, email: values.email, password });
  if (!input.success) {
    const messages: Record<string, string> = {
      email: 'Enter a valid e-mail address.',
      firstName: 'The name must be 2 to 100 characters.',
      password: 'The password must be 12 to 200 characters.',
    };
    fail(messages[String(input.error.issues[0]?.path[0])] ?? 'Invalid input.');
  }

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      fail(
        `The server is running on ${config.DATA_DIR} (pid ${error.pid ?? 'unknown'}) and holds its embedded database: ` +
          'stop it, run this command again, then start the server (or, while no admin exists, use /admin/setup).',
      );
    throw error;
  }
  try {
    await migrate(database.db);
    const admin = await database.db.transaction().execute(async (trx) => {
      const row = await createAdmin(trx, input.data);
      await writeAudit(
        trx,
        { id: null, label: 'cli' },
        {
          action: 'admin.create',
          entity: 'admin',
          entityId: row.id,
          details: { email: row.email },
        },
      );
      return row;
    });
    console.log(`Admin ${admin.email} created. Sign in at /admin/login.`);
  } catch (error) {
    if (error instanceof AdminExistsError)
      fail(`An admin with the e-mail ${input.data.email} already exists.`);
    throw error;
  } finally {
    await database.close();
  }
}
