import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CURRENCY, isTwoDecimalCurrency } from '@wms/contract/money';
import { z } from 'zod';

/** `data/` at the repository root, wherever the server is started from (npm runs it inside apps/server). */
const REPO_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
const isAddressOrRange = (entry: string): boolean => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: which proxies may tell us the client's address (X-Forwarded-For). Unset or `false`: none, the
 * connection's address is the client (sign-in rate limits key on it, so trusting any header would let a caller
 * pick a new address per attempt). A number: that many proxy hops in front of us. Otherwise a comma-separated list
 * of proxy addresses or CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === '' || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    if (entries.every(isAddressOrRange)) return entries;
    ctx.addIssue({ code: 'custom', message: 'must be a hop count or a comma-separated list of addresses/CIDRs' });
    return z.NEVER;
  });

/** Environment, parsed once at start; a bad value stops the process with a message naming the variable. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  /** A streaming replica of DATABASE_URL's database: list, detail, dashboard and export reads go to it. */
  DATABASE_READ_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(REPO_DATA_DIR),
  /** Load demo data into an empty database: on by default for the embedded database only. */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  TOKEN_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  TOKEN_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  /**
   * How long one process reuses a bearer token's user (token and user lookups) without asking the database; a token
   * revoked or a user changed through another process is honoured here within this bound (this process's own
   * writes take effect at once). 0: look up on every request.
   */
  AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_LIMIT_WINDOW: z.string().default('1 minute'),
  /** Requests per minute one API key may make (per API process). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  TRUST_PROXY: trustProxy,
  WEB_DIST_DIR: z.string().optional(),
  /** How long the dashboard's charts (top accounts, top products, orders per day) may be reused; 0: never. */
  DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * How long the billing dashboard's unbilled activity (every account's charges this month so far, derived from the
   * ledger) may be reused per scope; 0: never. Manual charges written through this process show at once.
   */
  BILLING_DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Large lists count their total exactly up to this many rows, then answer "more than" (meta.total_is_capped). */
  LIST_COUNT_CAP: z.coerce.number().int().positive().max(1_000_000_000).default(10_000),
  /**
   * How long one process reuses a list's total for the same scope and filters (page turns, sorting, everyone on the
   * same list); 0: count with every page. This process's own writes show at once; another process's within this.
   */
  LIST_COUNT_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  /** The orders list's text searches count their matches exactly up to this many, then answer "more than". */
  SEARCH_COUNT_CAP: z.coerce.number().int().positive().max(1_000_000_000).default(200),
  /** Bearer token the monitoring system presents at GET /api/metrics; unset: the route answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** On SIGTERM/SIGINT: how long in-flight requests may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** How far the heap may grow past its live size before V8 marks it all again (runtime/heap-growth.ts); 0: V8's rule. */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(1000).default(200),
  /** Where uploaded files live: `local` (DATA_DIR/files, one machine) or `s3` (a bucket every node shares). */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots, dashes)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The installation's one currency: an ISO 4217 code whose minor unit has 2 digits (amounts are cents). */
  CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .default(DEFAULT_CURRENCY)
    .refine(isTwoDecimalCurrency, 'must be an ISO 4217 currency code with 2 decimals (USD, EUR, GBP…)'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Deliver webhooks from this process (every API process may; they share the work). */
  WEBHOOK_DISPATCHER: z.enum(['on', 'off']).default('on'),
  /** Create replenishment tasks on a schedule from this process (every process may; one runs a round at a time). */
  REPLENISHMENT_WORKER: z.enum(['on', 'off']).default('on'),
  /** How often the replenishment worker looks at every warehouse's report. */
  REPLENISHMENT_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  /** Local development only: allow http:// webhook URLs and loopback/private addresses (the SSRF guard's refusals). */
  WEBHOOK_ALLOW_LOCAL_URLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Development and tests only: an admin may allow-list 127.0.0.0/8 as a printer network (tests print to a local
   * listener). Off, loopback stays closed to printers like the metadata ranges.
   */
  PRINTER_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** How long the server waits for a network label printer to take a job (connect and send) before giving up. */
  PRINTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How long a claimed delivery is held before another process may take it over (a crash mid-delivery). */
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often the dispatcher looks for due work when it found none. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Delivered and failed webhook deliveries, and outbox events, older than this are pruned by the dispatcher. */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The live stream: a comment this often keeps proxies and browsers from timing the stream out. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  /** Open live streams per user per API process (tabs, windows, API keys of theirs); one more answers 429. */
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(8),
  /** A stream ends after this long (the browser reconnects at once): access changes are re-read at reconnect. */
  LIVE_MAX_STREAM_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /**
   * Each stream re-reads its token or API key this often and ends when it was revoked (sign-out,
   * password change, key revoke) on any API process. Fractions are allowed (tests use a fraction of a second).
   */
  LIVE_RECHECK_SECONDS: z.coerce.number().min(0.05).max(60).default(5),
  /**
   * E-mail notifications. `smtp://user:pass@host:587` or `smtps://…:465` (nodemailer's URL form); unset:
   * no e-mail is sent (the bell still works).
   */
  SMTP_URL: z.string().url().optional(),
  /** The sender of notification e-mails. */
  SMTP_FROM: z.string().min(3).default('WMS <no-reply@localhost>'),
  /** The address people open the app at: e-mails link to it (`https://wms.example.com`). */
  APP_URL: z.string().url().default('http://localhost:3000'),
  /** How often the e-mail sender looks for queued e-mails when it found none. */
  EMAIL_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(2000),
});

/** Settings that only make sense together, checked after each one on its own. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.FILE_STORAGE === 's3' && !env.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when FILE_STORAGE=s3' });
  }
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_READ_URL'], message: 'needs DATABASE_URL (the primary)' });
  }
  // One without the other would silently fall back to the SDK's default chain: refuse it instead.
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set with its pair (or neither)' });
  }
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
