import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every setting the server reads, validated once at start. See README "Configuration". */
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    BUILD_DIR: z.string().min(1).default('./build/client'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanFlag,
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Lietuvių BBQ Velse <no-reply@lietuviubbq.uk>'),
    ORGANISER_EMAIL: z.email().default('info@lietuviubbq.uk'),
    /**
     * How fast a message to participants goes out (mails a minute, over every instance): the
     * SMTP server is not flooded and other mail (a registration's confirmation) is not kept
     * waiting behind it.
     */
    MESSAGE_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(60_000).default(120),
    /**
     * The forms' bot trap: a form sent sooner than this (milliseconds after it appeared on
     * screen) is answered as a success and dropped. 0 turns the check off (the browser tests'
     * servers, which fill forms faster than a person).
     */
    FORM_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
    /**
     * Who takes card payments: `stripe` (needs both Stripe keys) or `test` (the built-in TEST
     * MODE page, no money is taken). Unset: Stripe when its keys are set, else test — except
     * in production, where test payments must be chosen explicitly.
     */
    PAYMENTS: optionalString.pipe(z.enum(['stripe', 'test']).optional()),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Only for tests and local fakes: where the Stripe SDK sends its requests. */
    STRIPE_API_URL: optionalString.pipe(z.url().optional()),
    /** Signs e-mailed links (order history). Generated per data directory when unset. */
    APP_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    ADMIN_SETUP_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  }));

/** Production: NODE_ENV=production set explicitly, or the site served over https. */
function isProduction(env: NodeJS.ProcessEnv, publicUrl: string): boolean {
  return env.NODE_ENV?.trim() === 'production' || publicUrl.startsWith('https://');
}

/** The payment provider the settings choose, or a one-line reason they choose none. */
function choosePayments(
  env: NodeJS.ProcessEnv,
  config: z.infer<typeof configSchema>,
): { payments: 'stripe' | 'test' } | { error: string } {
  const { PAYMENTS, STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: secret } = config;
  if (PAYMENTS === 'test') return { payments: 'test' };
  if (Boolean(key) !== Boolean(secret) || (PAYMENTS === 'stripe' && !key)) {
    return {
      error:
        'Invalid environment variable STRIPE_SECRET_KEY: set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take card payments with Stripe',
    };
  }
  if (key) return { payments: 'stripe' };
  if (isProduction(env, config.PUBLIC_URL)) {
    return {
      error:
        'Invalid environment variable PAYMENTS: in production (NODE_ENV=production or an https PUBLIC_URL) set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=test to take TEST payments on purpose (no money is taken)',
    };
  }
  return { payments: 'test' };
}

export type Config = z.infer<typeof configSchema> & {
  /** The provider chosen at start (see PAYMENTS). */
  PAYMENTS: 'stripe' | 'test';
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a one-line message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) {
    const chosen = choosePayments(env, result.data);
    if ('error' in chosen) throw new ConfigError(chosen.error);
    return { ...result.data, PAYMENTS: chosen.payments };
  }
  const issue = result.error.issues[0]!;
  const name = issue.path.join('.') || 'environment';
  throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
}
