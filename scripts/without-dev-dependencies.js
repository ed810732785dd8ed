// Loaded with --import: makes this process behave as if it had been installed with
// `npm ci --omit=dev`, by refusing to load any file of a package the lock file marks dev-only.
// ESM imports go through the resolve hook below; require() through Module._resolveFilename.
import Module, { register } from 'node:module';
import { devOnlyPackageOf, NOT_INSTALLED } from './dev-only-packages.js';

register('./without-dev-dependencies-hooks.js', import.meta.url);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const file = resolveFilename.call(this, request, ...rest);
  const devOnly = devOnlyPackageOf(file);
  if (devOnly) throw new Error(`require('${request}'): ${devOnly} ${NOT_INSTALLED}`);
  return file;
};
