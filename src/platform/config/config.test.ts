import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.server';

describe('configuration', () => {
  it('has embedded defaults so `npm start` needs no settings', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('accepts a PostgreSQL URL and an SMTP URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/bbq',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://bbq.example',
    });
    expect(config.DATABASE_URL).toBe('postgres://u:p@db:5432/bbq');
    expect(config.PUBLIC_URL).toBe('https://bbq.example');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['ORGANISER_EMAIL', 'nobody'],
    ['APP_SECRET', 'short'],
  ])('rejects %s=%s with a one-line message naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(`Invalid environment variable ${name}`);
    expect(message).not.toContain('\n');
  });

  it('stops the server at start with that message and exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/app/main.server.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: 'tmp/never-created' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Invalid environment variable PORT: .+$/);
  });
});
