import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, type Plugin, type Rolldown } from 'vite';
import { pureReactRouter } from './pure-react-router.ts';

const routerProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// A page that renders links only, as the public pages do.
const linksOnly: Plugin = {
  name: 'links-only-entry',
  resolveId: (id) => (id === 'links-only' ? '\0links-only' : null),
  load: (id) =>
    id === '\0links-only' ? "import { Link, NavLink } from 'react-router'; export { Link, NavLink };" : null,
};

async function bundle(plugins: Plugin[]): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    root: import.meta.dirname,
    plugins: [linksOnly, ...plugins],
    resolve: { alias: [{ find: /^react-router$/, replacement: routerProduction }] },
    build: {
      write: false,
      minify: false,
      rolldownOptions: {
        input: 'links-only',
        // Keep the entry's exports, as a page that renders them would.
        preserveEntrySignatures: 'strict',
        external: [/^react(-dom)?(\/|$)/],
      },
    },
  })) as Rolldown.RolldownOutput;
  return result.output.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
}

// What only React Router's <Form> uses: its default encoding.
const formCode = 'application/x-www-form-urlencoded';

describe('pureReactRouter', () => {
  it("drops React Router's <Form> from a bundle that only uses links, and keeps the links", async () => {
    const [without, withPlugin] = await Promise.all([bundle([]), bundle([pureReactRouter()])]);
    expect(without).toContain(formCode);
    expect(withPlugin).not.toContain(formCode);
    expect(withPlugin).toContain('NavLink');
    expect(withPlugin.length).toBeLessThan(without.length);
  });

  it('warns, and changes nothing, when the router no longer makes components the way it recognises', () => {
    const warnings: string[] = [];
    const plugin = pureReactRouter();
    const transform = plugin.transform as (this: unknown, code: string, id: string) => unknown;
    const result = transform.call(
      { warn: (message: string) => warnings.push(message) },
      'const Link = React.forwardRef(function Link() {});\nLink.displayName = "Link";',
      '/x/node_modules/react-router/dist/production/chunk-ABC.mjs',
    );
    expect(result).toBeNull();
    expect(warnings).toHaveLength(1);
  });
});
