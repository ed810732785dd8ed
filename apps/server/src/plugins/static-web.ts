import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app from the same origin as the API. Files in the build are served as
 * they are (hashed assets cached for good); any other page path gets its prerendered HTML if
 * the build has one, otherwise the app shell, and the client router takes it from there.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: only the API is served (run npm run build)');
    return;
  }
  const shell = existsSync(path.join(distDir, 'app.html')) ? 'app.html' : 'index.html';
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The web build writes .br and .gz twins of its text files (apps/web/scripts/prerender.ts).
    preCompressed: true,
    // Our own cache-control below: hashed assets forever, everything else revalidated.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    // API paths and missing files (anything with an extension) are real 404s, not the app shell.
    if (urlPath.startsWith('/api/') || path.posix.extname(urlPath) || urlPath.includes('..'))
      return reply.callNotFound();
    const page = path.posix.join(urlPath.replace(/^\/+/, ''), 'index.html');
    // app.html is the empty shell next to the prerendered pages (older builds only have index.html).
    const file = existsSync(path.join(distDir, page)) ? page : shell;
    return reply.header('cache-control', 'no-cache').sendFile(file);
  });
}
