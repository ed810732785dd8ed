// The runtime options every bench gives the servers it starts.
import { readFileSync } from 'node:fs';

/**
 * The Node.js options the production start gives the server (apps/server/package.json's start
 * script), read from there so that a bench runs the server, and the baselines it is compared with,
 * under the runtime production has. Its `--conditions`, which picks the compiled contracts, is left
 * out: the benches run the sources through tsx.
 */
export function serverNodeOptions(): string[] {
  const manifest = readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8');
  const start: string = (JSON.parse(manifest) as { scripts: { start: string } }).scripts.start;
  return start.split(/\s+/).filter((word) => word.startsWith('--') && !word.startsWith('--conditions'));
}
