// Module resolution hooks for without-dev-dependencies.js (they run on the loader's own thread).
import { fileURLToPath } from 'node:url';
import { devOnlyPackageOf, NOT_INSTALLED } from './dev-only-packages.js';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const devOnly = resolved.url.startsWith('file:') ? devOnlyPackageOf(fileURLToPath(resolved.url)) : null;
  if (devOnly) throw new Error(`import '${specifier}': ${devOnly} ${NOT_INSTALLED}`);
  return resolved;
}
