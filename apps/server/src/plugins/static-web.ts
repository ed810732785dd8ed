import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { readWebBuildSite } from './web-build-site.ts';

/** What the server knows about a page the build could not prerender (e.g. an expert's profile). */
export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string | null;
  canonicalPath?: string;
  /** Absolute or root-relative URL of the page's picture (Open Graph). */
  image: string | null;
}

export type PageHeadResolver = (urlPath: string) => Promise<PageHead | null>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The shell with the page's own title, description, canonical URL and Open Graph tags. */
export function shellWithHead(shell: string, head: PageHead, publicUrl: string): string {
  const absolute = (url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);
  const tags = [
    head.canonicalPath && `<link rel="canonical" href="${escapeHtml(absolute(head.canonicalPath))}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    head.description && `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    head.canonicalPath && `<meta property="og:url" content="${escapeHtml(absolute(head.canonicalPath))}" />`,
    head.image && `<meta property="og:image" content="${escapeHtml(absolute(head.image))}" />`,
    '<meta property="og:type" content="profile" />',
    head.status === 404 && '<meta name="robots" content="noindex" />',
  ].filter(Boolean);
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/, () =>
      head.description ? `<meta name="description" content="${escapeHtml(head.description)}" />` : '',
    )
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

/**
 * Serves the built web app from the same origin as the API. Files in the build are served as
 * they are (hashed assets cached for good); any other page path gets its prerendered HTML if
 * the build has one, otherwise the app shell, and the client router takes it from there.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  distDir: string,
  options: { publicUrl: string; headFor?: PageHeadResolver },
): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: only the API is served (run npm run build)');
    return;
  }
  const shell = existsSync(path.join(distDir, 'app.html')) ? 'app.html' : 'index.html';
  const shellHtml = readFileSync(path.join(distDir, shell), 'utf8');
  const site = readWebBuildSite(distDir);
  if (site && site.origin !== options.publicUrl) {
    app.log.warn(
      `The web build's canonical links, sitemap.xml and robots.txt name ${site.origin}, but this server is ${options.publicUrl}: build again with the same PUBLIC_URL and PORT (npm start does)`,
    );
  }
  // The app's own not-found page (its router renders it), answered with the status it means.
  const notFoundHtml = shellHtml
    .replace(/<title>[\s\S]*?<\/title>/, '<title>Page not found · Sciwise</title>')
    .replace('</head>', '    <meta name="robots" content="noindex" />\n  </head>');
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
    if (existsSync(path.join(distDir, page))) return reply.header('cache-control', 'no-cache').sendFile(page);
    if (site && !site.hasPage(urlPath))
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(notFoundHtml);
    const head = options.headFor ? await options.headFor(urlPath) : null;
    if (!head) return reply.header('cache-control', 'no-cache').sendFile(shell);
    return reply
      .code(head.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(shellWithHead(shellHtml, head, options.publicUrl));
  });
}
