import { createHash } from 'node:crypto';

/** Background colours with white text at a contrast ratio of at least 4.5:1 (WCAG AA). */
const palette = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#7c3aed',
  '#0f766e',
  '#b45309',
  '#be185d',
  '#4338ca',
  '#15803d',
  '#9f1239',
];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export function initials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => [...word][0]!.toLocaleUpperCase()).join('') || '?';
}

/** A deterministic initials avatar: same name and key, same picture; no network, no files. */
export function avatarSvg(name: string, key: string): string {
  const colour = palette[createHash('sha256').update(key).digest()[0]! % palette.length]!;
  const label = escapeXml(initials(name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name)}">` +
    `<rect width="128" height="128" fill="${colour}"/>` +
    `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="52" font-weight="600" fill="#fff">${label}</text>` +
    `</svg>`
  );
}
