import type { Plugin } from 'vite';

/*
 * React Router's production files create each component and context with `forwardRef(...)` or
 * `createContext(...)` and then set its `displayName`, with no pure annotation. A bundler must assume both have side effects, so every
 * page ships components the app never renders (`<Form>` with its submission helpers, about 1.2 KB
 * gzipped). This marks those calls pure and drops their display names (only developer tools read
 * them), so tree-shaking removes what is unused (docs/decisions/060-pure-react-router.md).
 */
const routerChunk = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/;
const componentOrContext = /^var (\w+) = (React\d*\.(?:forwardRef|createContext))\(/gm;

export function pureReactRouter(): Plugin {
  return {
    name: 'sciwise:pure-react-router',
    apply: 'build',
    transform(code, id) {
      if (!routerChunk.test(id) || !code.includes('.forwardRef(')) return null;
      const components = new Set<string>();
      let out = code.replace(componentOrContext, (_match, name: string, call: string) => {
        components.add(name);
        return `var ${name} = /* @__PURE__ */ ${call}(`;
      });
      if (components.size === 0) {
        this.warn(
          `${id} makes components in a way this plugin no longer recognises; nothing was marked pure.`,
        );
        return null;
      }
      // Blanked, not deleted, so every line keeps its number and the source map stays right.
      out = out.replace(/^(\w+)\.displayName = "[^"\n]*";$/gm, (line, name: string) =>
        components.has(name) ? '' : line,
      );
      return { code: out, map: null };
    },
  };
}
