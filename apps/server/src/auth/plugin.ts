import { API_KEY_MESSAGES } from '@wms/contract/api-keys';
import type { User } from '@wms/contract/entities';
import { SERVER_MESSAGES } from '@wms/contract/messages';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { forbidden, HttpError, unauthenticated } from '../http/errors';
import { resolveApiKey } from './api-key-auth';
import { looksLikeApiKey } from './api-key-secrets';
import { RequestAuth } from './request-auth';
import type { RoutePermission } from './route-permission';
import type { SignedIn, SignedInCache } from './signed-in-cache';
import { hashToken, resolveTokenHash, type TokenPolicy } from './tokens';

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

/** Requests per API key per window (API_KEY_RATE_LIMIT per minute), counted per process like the sign-in limits. */
export interface ApiKeyRateLimit {
  max: number;
  timeWindow: string;
}

/** Methods that change nothing: every other request empties the signed-in cache once it is answered. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const authPlugin = fp<{
  db: Database;
  tokenPolicy: TokenPolicy;
  loadUser: LoadUser;
  apiKeyRateLimit: ApiKeyRateLimit;
  signedInCache: SignedInCache;
}>(async (app, { db, tokenPolicy, loadUser, apiKeyRateLimit, signedInCache }) => {
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

  const limitApiKey = app.createRateLimit({
    max: apiKeyRateLimit.max,
    timeWindow: apiKeyRateLimit.timeWindow,
    keyGenerator: (request) => `api-key:${request.auth?.apiKey?.id ?? 0}`,
  });

  /** An API key: its creator, limited to the permissions both hold, and to its account when it has one. */
  const authenticateApiKey = async (request: FastifyRequest, secret: string): Promise<RequestAuth> => {
    const key = await resolveApiKey(db, secret, request.ip);
    const creator = key ? await loadUser(db, key.userId) : undefined;
    if (!key || !creator) throw unauthenticated();
    const permissions = creator.permissions.filter((p) => (key.permissions as readonly string[]).includes(p));
    return new RequestAuth({ ...creator, permissions }, 0, db, { id: key.id, accountId: key.accountId });
  };

  /** A bearer token's user: from the signed-in cache, or the token and user lookups (then cached). */
  const signIn = async (token: string): Promise<SignedIn | undefined> => {
    const tokenHash = hashToken(token);
    const cached = signedInCache.get(tokenHash);
    if (cached) return cached;
    const generation = signedInCache.generation;
    const resolved = await resolveTokenHash(db, tokenHash, tokenPolicy);
    const user = resolved ? await loadUser(db, resolved.userId) : undefined;
    if (!resolved || !user) return undefined;
    // Shared by the requests the cache serves: frozen, so no handler can change what another request sees.
    const signedIn = Object.freeze({ tokenId: resolved.tokenId, user: freezeUser(user) });
    signedInCache.set(tokenHash, signedIn, resolved.expiresAt, generation);
    return signedIn;
  };

  // Any write may change a session, a user, a role or a permission: this process forgets every cached sign-in
  // before the answer leaves, so the caller's next request (and everyone's) is checked against the database.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) signedInCache.invalidate();
    return payload;
  });

  app.addHook('onRequest', async (request, reply) => {
    const permission = request.routeOptions.config.permission;
    if (!permission || permission === 'public') return;
    const token = bearer(request.headers.authorization);
    if (token && looksLikeApiKey(token)) {
      request.auth = await authenticateApiKey(request, token);
      const limit = await limitApiKey(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new HttpError(429, API_KEY_MESSAGES.tooManyRequests);
      }
      // The creator's own profile, password, avatar and session are not the integration's to change.
      if (permission === 'authenticated' && request.method !== 'GET') {
        throw forbidden(API_KEY_MESSAGES.profileWritesRefused);
      }
    } else {
      const signedIn = token ? await signIn(token) : undefined;
      if (!signedIn) throw unauthenticated();
      request.auth = new RequestAuth(signedIn.user, signedIn.tokenId, db);
    }
    const { user } = request.auth;
    if (permission !== 'authenticated' && !request.auth.can(permission)) throw forbidden();
    // A user created with the default password may look around but change nothing until they choose their own.
    const config = request.routeOptions.config;
    if (user.must_change_password && request.method !== 'GET' && !config.allowedBeforePasswordChange) {
      throw forbidden(SERVER_MESSAGES.passwordChangeRequired);
    }
  });
});

const freezeUser = (user: User): User => {
  for (const value of Object.values(user)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(user);
};
