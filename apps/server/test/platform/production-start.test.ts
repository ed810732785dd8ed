// What production installs is `npm ci --omit=dev`: the compiled server must load nothing else.
// This walks what the built server loads, from its entry point through the worker thread it
// starts and the contracts; `npm run test:start` then runs the real build in a process that
// cannot load devDependencies (see scripts/check-production-start.js).
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const serverDir = path.join(root, 'apps/server');

interface PackageJson {
  name: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  exports?: Record<string, unknown>;
}
interface LockEntry {
  dev?: boolean;
  bin?: Record<string, string>;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const lock = readJson<{ packages: Record<string, LockEntry> }>(path.join(root, 'package-lock.json'));
const rootPackage = readJson<PackageJson>(path.join(root, 'package.json'));
const workspaces = new Map(
  ['packages/contracts', 'apps/server', 'apps/web'].map((dir) => {
    const pkg = readJson<PackageJson>(path.join(root, dir, 'package.json'));
    return [pkg.name, { dir: path.join(root, dir), pkg }];
  }),
);

const buildOptions = ts.getParsedCommandLineOfConfigFile(
  path.join(serverDir, 'tsconfig.build.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
)!.options;

/** The condition under which a workspace package exports compiled JavaScript. */
const COMPILED = buildOptions.customConditions?.[0] ?? '(none)';

const packageNameOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function owningPackage(file: string): { dir: string; pkg: PackageJson } {
  for (const workspace of workspaces.values()) {
    if (file.startsWith(workspace.dir + path.sep)) return workspace;
  }
  throw new Error(`${file} is in no workspace`);
}

/**
 * Specifiers a file loads once compiled: with verbatimModuleSyntax tsc drops exactly the
 * `import type` / `export type` declarations and keeps every other import and re-export; plus
 * import(), import.meta.resolve() and the module URLs a worker thread is started from.
 */
function loadedSpecifiers(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(node) && !node.isTypeOnly)
    ) {
      if (node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
        specifiers.push(node.moduleSpecifier.text);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  for (const match of source.matchAll(/import\.meta\.resolve\(\s*['"]([^'"]+)['"]/g))
    specifiers.push(match[1]!);
  for (const match of source.matchAll(
    /new URL\(\s*['"](\.{1,2}\/[^'"]+\.[jt]s)['"]\s*,\s*import\.meta\.url/g,
  ))
    specifiers.push(match[1]!);
  return specifiers;
}

/** The source file a relative specifier stands for; the build emits x.js for x.ts. */
function sourceFileFor(from: string, specifier: string): string {
  const target = path.resolve(path.dirname(from), specifier);
  if (existsSync(target)) return target;
  throw new Error(`${path.relative(root, from)} loads ${specifier}, which does not exist`);
}

/** Where a workspace package's export points in its source (its compiled twin is built from it). */
function workspaceEntry(specifier: string): string {
  const name = packageNameOf(specifier);
  const { dir, pkg } = workspaces.get(name)!;
  const entry = pkg.exports?.[`.${specifier.slice(name.length)}`] as Record<string, unknown> | undefined;
  const compiled = entry?.[COMPILED] as { default?: string } | undefined;
  if (!entry || !compiled?.default) throw new Error(`${specifier} has no "${COMPILED}" export`);
  return path.join(dir, String(entry.default));
}

interface Walk {
  files: string[];
  /** Bare imports not in the importing package's `dependencies`. */
  undeclared: string[];
  /** Packages the lock file marks dev-only, which `npm ci --omit=dev` does not install. */
  notInstalled: string[];
}

function walkRuntimeImports(entries: string[]): Walk {
  const seen = new Set<string>();
  const queue = [...entries];
  const undeclared = new Set<string>();
  const notInstalled = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const { pkg } = owningPackage(file);
    for (const specifier of loadedSpecifiers(file)) {
      if (specifier.startsWith('.')) {
        queue.push(sourceFileFor(file, specifier));
        continue;
      }
      if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      const name = packageNameOf(specifier);
      if (!pkg.dependencies?.[name]) undeclared.add(`${pkg.name} -> ${name}`);
      if (workspaces.has(name)) queue.push(workspaceEntry(specifier));
      else if (lock.packages[`node_modules/${name}`]?.dev) notInstalled.add(name);
    }
  }
  return {
    files: [...seen].map((file) => path.relative(root, file)),
    undeclared: [...undeclared],
    notInstalled: [...notInstalled],
  };
}

/** Expands `npm run x` and `npm run x -w pkg` into the commands that finally run. */
function commandsOf(script: string, pkg: PackageJson, dir: string): { command: string; dir: string }[] {
  return script.split('&&').flatMap((part) => {
    const command = part.trim();
    const npmRun = /^npm run (?:--silent )?([\w:-]+)(?: -w (\S+))?$/.exec(command);
    if (!npmRun) return [{ command, dir }];
    const target = npmRun[2] ? workspaces.get(npmRun[2])! : { pkg, dir };
    const inner = target.pkg.scripts?.[npmRun[1]!];
    if (!inner) throw new Error(`no script ${npmRun[1]} in ${target.pkg.name}`);
    return commandsOf(inner, target.pkg, target.dir);
  });
}

const devOnlyBins = new Set(
  Object.values(lock.packages)
    .filter((entry) => entry.dev)
    .flatMap((entry) => Object.keys(entry.bin ?? {})),
);

describe('production start', () => {
  it('loads only declared dependencies that npm ci --omit=dev installs', () => {
    const walk = walkRuntimeImports([path.join(serverDir, 'src/main.ts')]);
    expect(walk.undeclared).toEqual([]);
    expect(walk.notInstalled).toEqual([]);
    // The walk reached the whole server: its worker thread, its routes and the contracts.
    expect(walk.files).toEqual(
      expect.arrayContaining([
        'apps/server/src/db/pglite-thread-worker.js',
        'apps/server/src/modules/projects/routes.ts',
        'packages/contracts/src/index.ts',
      ]),
    );
  });

  it('serves the compiled server with plain node: no devDependency in the start command', () => {
    const commands = commandsOf(rootPackage.scripts!.serve!, rootPackage, root);
    expect(commands).toHaveLength(1);
    const [{ command, dir }] = commands as [{ command: string; dir: string }];
    const words = command.split(/\s+/);
    expect(words[0]).toBe('node');
    expect(words.filter((word) => devOnlyBins.has(word))).toEqual([]);
    // It runs what the build emits for src/main.ts, under the condition that picks compiled contracts.
    const outDir = path.relative(dir, buildOptions.outDir!);
    expect(words.at(-1)).toBe(`${outDir}/main.js`);
    expect(words).toContain(`--conditions=${COMPILED}`);
  });
});
