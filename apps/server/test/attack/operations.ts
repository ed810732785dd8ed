import type { JsonSchema } from './json-schema-arbitraries.ts';

/** One operation of the OpenAPI document, in the shape the attack needs. */
export interface Operation {
  /** "GET /api/projects/{id}", as in the document. */
  key: string;
  method: string;
  path: string;
  pathParams: Array<{ name: string; kind: string }>;
  queryParams: Array<{ name: string; schema: JsonSchema }>;
  body?: { contentType: string; schema: JsonSchema };
  /** Meant for administrators only; such routes are also attacked as the admin. */
  adminOnly: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Routes only administrators may call: the vetting queue and (per issue 12) the dev outbox. */
const ADMIN_ONLY = /^\/api\/(admin|dev)\//;

/**
 * What kind of object a path parameter names: `{id}` takes its kind from the segment before it
 * (`/api/quotes/{id}` -> "quotes"), the others from their own name.
 */
export function idKind(path: string, name: string): string {
  if (name !== 'id') return name;
  const segments = path.split('/');
  return segments[segments.indexOf('{id}') - 1] ?? 'id';
}

export function operationsOf(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const parameters = spec.parameters ?? [];
      const [contentType, media] = Object.entries(spec.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, kind: idKind(path, p.name) })),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema })),
        body: contentType && media ? { contentType, schema: media.schema } : undefined,
        adminOnly: ADMIN_ONLY.test(path),
      });
    }
  }
  return operations;
}

/** The operation's URL with its path parameters filled in (already URL-safe segments). */
export function fillPath(operation: Operation, segments: Record<string, string>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? 'missing');
}
