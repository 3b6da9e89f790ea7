import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** `data/` at the repository root, wherever the server is started from (npm runs it inside apps/server). */
const REPO_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

/** Environment, parsed once at start; a bad value stops the process with a message naming the variable. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(REPO_DATA_DIR),
  /** Load demo data into an empty database: on by default for the embedded database only. */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  TOKEN_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  TOKEN_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  DEFAULT_USER_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('ChangeMe123!'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_LIMIT_WINDOW: z.string().default('1 minute'),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
