import type { RouteObject } from 'react-router';

/**
 * Every path pattern the app has a page for ("/experts/:slug"), from the same route table the
 * browser uses; catch-alls ("*") are left out because they are the not-found pages. The build
 * writes these to site.json so the server can answer an unknown path with HTTP 404.
 */
export function routePatterns(routes: RouteObject[], parent = ''): string[] {
  const patterns: string[] = [];
  for (const route of routes) {
    if (route.path?.includes('*')) continue;
    const here = route.path ? `${parent}/${route.path}` : parent;
    if (route.index || (route.path && !route.children)) patterns.push(here || '/');
    if (route.children) patterns.push(...routePatterns(route.children, here));
  }
  return [...new Set(patterns)];
}
