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
      PAYMENTS: 'test',
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

  describe('payments (issue 19, finding 4: TEST MODE took "payments" in production)', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    it('takes TEST payments by default only outside production', () => {
      expect(loadConfig({}).PAYMENTS).toBe('test');
      expect(loadConfig({ NODE_ENV: 'development' }).PAYMENTS).toBe('test');
      expect(loadConfig(stripe).PAYMENTS).toBe('stripe');
      expect(loadConfig({ ...stripe, NODE_ENV: 'production' }).PAYMENTS).toBe('stripe');
    });

    it.each([
      [{ NODE_ENV: 'production' }],
      [{ PUBLIC_URL: 'https://lietuviubbq.uk' }],
      [{ NODE_ENV: 'production', PUBLIC_URL: 'http://bbq.internal' }],
    ])('refuses to start in production without Stripe keys: %j', (env) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/^Invalid environment variable PAYMENTS: .*PAYMENTS=test[^\n]*$/);
    });

    it('PAYMENTS=test chooses TEST MODE explicitly, even in production; PAYMENTS=stripe needs the keys', () => {
      expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' }).PAYMENTS).toBe('test');
      expect(loadConfig({ PUBLIC_URL: 'https://lietuviubbq.uk', PAYMENTS: 'test', ...stripe }).PAYMENTS).toBe(
        'test',
      );
      expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
      expect(() => loadConfig({ PAYMENTS: 'paypal' })).toThrow(/^Invalid environment variable PAYMENTS/);
      expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    });

    it('the production server refuses to start without Stripe keys, with one line and exit 1', () => {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/app/main.server.ts'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://lietuviubbq.uk',
          STRIPE_SECRET_KEY: '',
          STRIPE_WEBHOOK_SECRET: '',
          PAYMENTS: '',
          DATA_DIR: 'tmp/never-created',
        },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toMatch(/^Invalid environment variable PAYMENTS: [^\n]+$/);
    });
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
