import { describe, expect, it } from 'vitest';
import { routePatterns } from './route-patterns.ts';
import { routes } from './router.tsx';

describe('the route patterns the server answers 200 for', () => {
  const patterns = routePatterns(routes);

  it('has every page, public and signed-in, with its parameters', () => {
    expect(patterns).toEqual(
      expect.arrayContaining([
        '/',
        '/how-it-works',
        '/experts/:slug',
        '/find-an-expert/subject/:subject',
        '/chat',
        '/profile',
        '/profile/workspace/:contractId',
        '/profile/billing',
      ]),
    );
  });

  it('leaves out the catch-alls, which are the not-found pages', () => {
    expect(patterns.filter((pattern) => pattern.includes('*'))).toEqual([]);
  });
});
