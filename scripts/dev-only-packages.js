// The packages `npm ci --omit=dev` leaves out: package-lock.json marks each one `"dev": true`.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

/** The lock-file key (`node_modules/tsx`) of the dev-only package holding a file, or null. */
export function devOnlyPackageOf(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  if (relative.startsWith('..')) return null;
  const at = relative.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const rest = relative.slice(at + 'node_modules/'.length).split('/');
  const name = rest[0]?.startsWith('@') ? rest.slice(0, 2).join('/') : rest[0];
  const key = `${relative.slice(0, at)}node_modules/${name}`;
  return lock.packages[key]?.dev ? key : null;
}

export const NOT_INSTALLED = 'is a devDependency: npm ci --omit=dev does not install it';
