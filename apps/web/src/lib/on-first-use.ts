/**
 * A value made the first time it is asked for. For Intl formats above all: constructing one wakes
 * the browser's locale data, 30–90 ms on the main thread the first time on a page, so a module
 * that made its formats as it loaded would charge that to every page importing it, used or not
 * (docs/decisions/068-no-intl-while-a-page-loads.md).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
