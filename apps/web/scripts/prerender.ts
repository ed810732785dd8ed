/**
 * Runs after `vite build`: renders every public marketing page to HTML with its title, meta
 * description, Open Graph tags and canonical URL, and writes sitemap.xml and robots.txt. The
 * server serves `<dist>/<path>/index.html` when it exists and `app.html` (the empty shell) for
 * every other path, so signed-in pages never flash marketing markup.
 *
 * PUBLIC_URL is the canonical origin (default: this machine on the server's PORT, as the server
 * itself reads it); WEB_DIST_DIR the build.
 */
import { existsSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { siteOrigin } from '@sciwise/contracts/constants';
import { build } from 'vite';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(webDir, process.env.WEB_DIST_DIR ?? 'dist');
const origin = siteOrigin(process.env);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Renderer {
  renderPage: (path: string) => Promise<string>;
  publicPages: { path: string; title: string; description: string; prerender?: false }[];
  knownRoutes: string[];
}

async function loadRenderer(): Promise<Renderer> {
  // Inside the workspace so the bundle's bare imports (react, react-router) resolve.
  const outDir = path.join(webDir, 'node_modules', '.cache', `sciwise-prerender-${process.pid}`);
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/render.tsx',
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      // One file: Node loads every page at once here, so the browser build's lazy chunks have no
      // use, and splitting would only warn that the page table is both imported and lazy-loaded.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const renderer = (await import(pathToFileURL(path.join(outDir, 'render.js')).href)) as Renderer;
  process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
  return renderer;
}

function headFor(page: Renderer['publicPages'][number]): string {
  const url = `${origin}${page.path === '/' ? '/' : page.path}`;
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Sciwise" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${origin}/og-image.svg" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
}

function withHead(template: string, head: string): string {
  return template.replace(/<title>[\s\S]*?<\/title>\s*<meta\s+name="description"[\s\S]*?\/>/, head);
}

/** Text files get .gz and .br twins that the server sends to browsers that accept them. */
async function writeCompressed(file: string, content: string | Buffer): Promise<void> {
  await writeFile(file, content);
  const buffer = Buffer.from(content);
  if (buffer.length < 1024) return;
  await writeFile(`${file}.gz`, gzipSync(buffer, { level: 9 }));
  await writeFile(
    `${file}.br`,
    brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

async function compressAssets(): Promise<void> {
  const { readdir } = await import('node:fs/promises');
  const assets = path.join(distDir, 'assets');
  for (const name of await readdir(assets)) {
    if (/\.(js|css|svg)$/.test(name))
      await writeCompressed(path.join(assets, name), await readFile(path.join(assets, name)));
  }
}

// app.html is the untouched shell when this runs a second time on the same build.
const shellFile = existsSync(path.join(distDir, 'app.html')) ? 'app.html' : 'index.html';
const template = await readFile(path.join(distDir, shellFile), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
// The shell for every path that has no page of its own (signed-in areas, expert profiles).
await writeCompressed(path.join(distDir, 'app.html'), template);

// A prerendered page is readable before any script runs, so its scripts yield the network to
// the HTML and the stylesheet: they load at low priority and hydrate once they are in.
const pageTemplate = template.replace(
  /<(script type="module"|link rel="modulepreload") crossorigin/g,
  '<$1 fetchpriority="low" crossorigin',
);

const { renderPage, publicPages, knownRoutes } = await loadRenderer();
// What the server needs to know of this build: the origin its links were written for, and the
// paths the app has pages for (any other is a 404, with the shell, whose router says so).
await writeFile(path.join(distDir, 'site.json'), `${JSON.stringify({ origin, routes: knownRoutes })}\n`);
const pages = publicPages.filter((page) => page.prerender !== false);
for (const page of pages) {
  const markup = await renderPage(page.path);
  if (markup.includes('Unexpected Application Error!') || markup.includes("We can't find that page")) {
    throw new Error(`${page.path} rendered an error page while prerendering:\n${markup.slice(0, 3000)}`);
  }
  const html = withHead(pageTemplate, headFor(page)).replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${escapeHtml(page.path)}">${markup}</div>`,
  );
  const dir = path.join(distDir, page.path);
  await mkdir(dir, { recursive: true });
  await writeCompressed(path.join(dir, 'index.html'), html);
}

const today = new Date().toISOString().slice(0, 10);
const sitemapPaths = publicPages.map((page) => page.path);
const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...sitemapPaths.map((page) => `  <url><loc>${origin}${page}</loc><lastmod>${today}</lastmod></url>`),
  '</urlset>',
  '',
].join('\n');
await writeCompressed(path.join(distDir, 'sitemap.xml'), sitemap);
await writeFile(
  path.join(distDir, 'robots.txt'),
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /profile/',
    'Disallow: /chat',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n'),
);
await compressAssets();
console.log(
  `prerendered ${pages.length} pages, sitemap.xml and robots.txt into ${distDir} (origin ${origin})`,
);
