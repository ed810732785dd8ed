// What `react` is in the production build (vite.config.ts): preact/compat, with the useId of
// preact-use-id.ts. JavaScript, because TypeScript cannot re-export a module declared with
// `export =`, as preact/compat's types are.
import compat from 'preact/compat';
import { useId } from './preact-use-id.ts';

export * from 'preact/compat';
export { useId };
export default { ...compat, useId };
