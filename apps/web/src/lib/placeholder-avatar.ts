/** A deterministic placeholder picture: initials on a colour chosen by a hash of the e-mail. */
const PALETTE = ['#145e5a', '#1e40af', '#6d28d9', '#9d174d', '#b45309', '#0f766e', '#334155', '#166534'];

function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

export function initialsOf(name: string, email = ''): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 0 ? parts.slice(0, 2).map((part) => part[0]) : [email[0] ?? '?'];
  return letters.join('').toUpperCase();
}

export function placeholderAvatarColor(key: string): string {
  return PALETTE[hash(key.trim().toLowerCase()) % PALETTE.length] ?? '#145e5a';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** An SVG data URL (allowed by the CSP's img-src data:), generated locally: no third-party service. */
export function placeholderAvatarUrl(email: string, name: string): string {
  const color = placeholderAvatarColor(email || name);
  const initials = escapeXml(initialsOf(name, email));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" fill="${color}"/>` +
    `<text x="32" y="33" dominant-baseline="middle" text-anchor="middle" fill="#fff" ` +
    `font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="26" font-weight="600">${initials}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
