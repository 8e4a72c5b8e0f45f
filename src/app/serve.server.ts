import { ConfigError, loadConfig } from '~/platform/config/config.server';
import { startServer } from './start.server';
import { startupFailure } from './startup-failure.server';

/** The server process (main.server.ts starts it): configuration, start, shutdown on a signal. */
export async function serve(environment: NodeJS.ProcessEnv) {
  let config;
  try {
    config = loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config);
  } catch (error) {
    // One line naming the cause (database, folder, port), no stack trace; see README.
    console.error(startupFailure(error, config));
    process.exit(1);
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.app.log.info(`${signal} received: shutting down`);
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
