import { ConfigError, loadConfig } from '~/platform/config/config.server';
import { startServer } from './start.server';
import { startupFailure } from './startup-failure.server';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let server;
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
