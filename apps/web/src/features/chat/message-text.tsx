import { cn } from '../../lib/cn.ts';

// http(s) addresses only: a "javascript:" or "data:" text never becomes a link.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
// Punctuation that ends a sentence, not the address ("see https://x.org/a.").
const TRAILING = /[.,;:!?'")\]]+$/;

export type MessagePart = { text: string } | { text: string; href: string };

/** Splits a message into text and the web addresses in it, each checked to parse as http(s). */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const trimmed = raw.replace(TRAILING, (tail) =>
      // Keep a closing parenthesis that closes one in the address (Wikipedia-style links).
      tail.startsWith(')') && raw.slice(0, -tail.length).includes('(') ? tail.slice(0, 1) : '',
    );
    const href = safeHref(trimmed);
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: trimmed, href });
    last = start + trimmed.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A message's text with its addresses as links that open apart from the app and pass on nothing. */
export function MessageText({ text, own }: { text: string; own: boolean }) {
  return (
    <>
      {messageParts(text).map((part, index) =>
        'href' in part ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={cn('underline underline-offset-2', own ? 'text-white' : 'text-brand-800')}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
