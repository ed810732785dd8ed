/**
 * A same-site path to return to after sign-in, or undefined. Only a path of this site: never
 * another origin ("//evil.example", "https://..."), never a backslash trick browsers read as
 * one, never the API itself.
 */
export function sameSitePath(value: string | undefined, publicUrl: string): string | undefined {
  if (!value || value.length > 500) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlCharacter(value))
    return undefined;
  let url: URL;
  try {
    url = new URL(value, publicUrl);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(publicUrl).origin) return undefined;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(value: string): boolean {
  return [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}
