import { onFirstUse } from '../../lib/on-first-use.ts';

// Languages appear only on pages that are never prerendered (profiles, the application, vetting),
// so the browser's own names are safe here; the directory's first load does without them.
const languageNames = onFirstUse(() => new Intl.DisplayNames(['en'], { type: 'language' }));

export function languageName(code: string): string {
  try {
    return languageNames().of(code) ?? code;
  } catch {
    return code;
  }
}

export const commonLanguages = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'sv',
  'pl',
  'zh',
  'ja',
  'hi',
  'ar',
  'ru',
];
