import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What the web build says about itself (site.json, written by apps/web/scripts/prerender.ts). */
export interface WebBuildSite {
  /** The origin the prerendered pages' canonical links, sitemap.xml and robots.txt were written for. */
  origin: string;
  /** Whether the app has a page for a path (its route table's patterns, e.g. "/experts/:slug"). */
  hasPage: (urlPath: string) => boolean;
}

/** `null` for a build without site.json (an older build): then every path counts as a page. */
export function readWebBuildSite(distDir: string): WebBuildSite | null {
  const file = path.join(distDir, 'site.json');
  if (!existsSync(file)) return null;
  const site = JSON.parse(readFileSync(file, 'utf8')) as { origin: string; routes: string[] };
  const patterns = site.routes.map(segmentsOf);
  return {
    origin: site.origin,
    hasPage: (urlPath) => {
      const segments = segmentsOf(urlPath);
      return patterns.some(
        (pattern) =>
          pattern.length === segments.length &&
          pattern.every((part, i) => part.startsWith(':') || part === segments[i]),
      );
    },
  };
}

const segmentsOf = (urlPath: string) => urlPath.split('/').filter(Boolean);
