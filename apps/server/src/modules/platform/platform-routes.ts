import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../files/file-storage';
import { authRoutes } from './auth/auth-routes';
import { filesRoutes } from './files/files-routes';
import { healthRoutes } from './health/health-routes';
import { metricsRoutes } from './metrics/metrics-routes';
import { notificationsRoutes } from './notifications/notifications-routes';
import { profileRoutes } from './profile/profile-routes';
import { rolesRoutes } from './roles/roles-routes';
import { usersRoutes } from './users/users-routes';

/** Signing in, people and their roles, files, notifications, and the process's health and metrics. */
export const platformRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  storage: FileStorage;
  metrics: Registry;
}> = async (app, { db, config, storage, metrics }) => {
  await app.register(healthRoutes, { db });
  await app.register(metricsRoutes, { registry: metrics, token: config.METRICS_TOKEN });
  await app.register(authRoutes, {
    db,
    tokenPolicy: { idleMinutes: config.TOKEN_IDLE_MINUTES, absoluteHours: config.TOKEN_ABSOLUTE_HOURS },
    rateLimit: { max: config.LOGIN_RATE_LIMIT_MAX, timeWindow: config.LOGIN_RATE_LIMIT_WINDOW },
  });
  await app.register(usersRoutes, { db });
  await app.register(profileRoutes, { db });
  await app.register(filesRoutes, { db, storage });
  await app.register(rolesRoutes, { db });
  await app.register(notificationsRoutes, { db, emailEnabled: Boolean(config.SMTP_URL) });
};
