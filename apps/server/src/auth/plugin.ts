import type { User } from '@wms/contract/entities';
import { SERVER_MESSAGES } from '@wms/contract/messages';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { forbidden, unauthenticated } from '../http/errors';
import { RequestAuth } from './request-auth';
import type { RoutePermission } from './route-permission';
import { resolveToken, type TokenPolicy } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** A write a user may make while they still have to replace their initial password (change it, log out). */
    allowedBeforePasswordChange?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route registered, with its declared permission: the authorization-matrix test reads it. */
    apiRoutes: { method: string; url: string; permission: RoutePermission }[];
  }
}

/** Routes that plugins register under /api (OpenAPI document and its UI) and that are public by nature. */
const isDocsRoute = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');

const bearer = (header: string | undefined): string | undefined => {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

/**
 * Authentication and route permissions, in one place for every route:
 * - at registration, an /api route without a declared permission stops the server from starting;
 * - on each request (onRequest, before body validation, so an anonymous caller gets 401, not 422),
 *   the bearer token is resolved and the route's permission checked.
 */
/** How auth finds the signed-in user (app.ts passes the users module's lookup: auth imports no module). */
export type LoadUser = (db: Database, id: number) => Promise<User | undefined>;

export const authPlugin = fp<{ db: Database; tokenPolicy: TokenPolicy; loadUser: LoadUser }>(
  async (app, { db, tokenPolicy, loadUser }) => {
    app.decorate('apiRoutes', []);
    app.decorateRequest('auth', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      route.config ??= {};
      const config = route.config as { permission?: RoutePermission };
      if (isDocsRoute(route.url)) config.permission = 'public';
      if (!config.permission) throw new Error(`Route ${route.method} ${route.url} declares no permission`);
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        app.apiRoutes.push({ method, url: route.url, permission: config.permission });
      }
    });

    app.addHook('onRequest', async (request) => {
      const permission = request.routeOptions.config.permission;
      if (!permission || permission === 'public') return;
      const token = bearer(request.headers.authorization);
      const resolved = token ? await resolveToken(db, token, tokenPolicy) : null;
      const user = resolved ? await loadUser(db, resolved.userId) : undefined;
      if (!resolved || !user) throw unauthenticated();
      request.auth = new RequestAuth(user, resolved.tokenId, db);
      if (permission !== 'authenticated' && !request.auth.can(permission)) throw forbidden();
      // A user created with the default password may look around but change nothing until they choose their own.
      const config = request.routeOptions.config;
      if (user.must_change_password && request.method !== 'GET' && !config.allowedBeforePasswordChange) {
        throw forbidden(SERVER_MESSAGES.passwordChangeRequired);
      }
    });
  },
);
