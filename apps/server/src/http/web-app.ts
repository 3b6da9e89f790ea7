import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVER_MESSAGES } from '@wms/contract/messages';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app on the same port as the API: hashed assets cached for a year, index.html never,
 * and every non-API GET that is not a file answered with index.html so client routes survive a reload. The build
 * writes .br and .gz copies of JS/CSS/HTML/SVG files: the best one the browser accepts is sent (Vary: Accept-Encoding).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWebApp = existsSync(join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      setHeaders(res, path) {
        // Vite writes content-hashed bundles under build/ (spec 1 §7: lazy pages are fetched from /build/).
        const hashedAsset = path.startsWith(join(distDir, 'build'));
        res.header('Cache-Control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // HEAD too: uptime checks and proxies probe `HEAD /`; the body is dropped for them.
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPageRequest && hasWebApp) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    if (isPageRequest)
      return reply.status(404).type('text/plain').send('The web app is not built: run `npm run build`.');
    return reply.status(404).send({ message: SERVER_MESSAGES.notFound });
  });
}
