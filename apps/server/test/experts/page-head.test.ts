import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeExperts } from '../factories.ts';

const shell = `<!doctype html><html><head>
<title>Sciwise — shell</title>
<meta
  name="description"
  content="The generic description."
/>
</head><body><div id="root"></div></body></html>`;

let t: TestApp;
beforeAll(async () => {
  const web = mkdtempSync(path.join(tmpdir(), 'sciwise-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>landing</title>');
  writeFileSync(path.join(web, 'app.html'), shell);
  t = await createTestApp({ env: { WEB_DIST_DIR: web, PUBLIC_URL: 'https://sciwise.example' } });
});
afterAll(() => t.close());

describe('expert profile pages without JavaScript', () => {
  it('carry the expert’s own title, description, canonical URL and Open Graph tags, escaped', async () => {
    const [expert] = await makeExperts(t.app.db, [
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        headline: 'Analytical engines & <script>alert(1)</script> notes',
        subjects: ['Mathematics', 'Computing history'],
        category: 'writers',
      },
    ]);
    const response = await t.app.inject({ method: 'GET', url: `/experts/${expert!.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain(
      '<title>Ada Lovelace — Analytical engines &#38; &#60;script&#62;alert(1)&#60;/script&#62; notes | Sciwise</title>',
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('The generic description.');
    expect(html).toMatch(
      /<meta name="description" content="Writers: Analytical engines[^"]*Subjects: Mathematics, Computing history\."/,
    );
    expect(html).toContain(`<link rel="canonical" href="https://sciwise.example/experts/${expert!.slug}" />`);
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/sciwise\.example\/[^"]+" \/>/);
  });

  it('answer 404 (noindex) for unknown and unapproved experts, still with the app to render the page', async () => {
    const [draft] = await makeExperts(t.app.db, [{ status: 'draft' }]);
    for (const slug of ['no-such-person', draft!.slug]) {
      const response = await t.app.inject({ method: 'GET', url: `/experts/${slug}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      // A draft's name never reaches the page.
      expect(response.body).not.toContain('Rosalind');
    }
  });

  it('leave other app paths on the plain shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/profile/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(shell);
  });
});
