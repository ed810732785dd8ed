import { describe, expect, it } from 'vitest';
import { multiLineText, pageCursorSchema, searchText, singleLineText } from './text.ts';

const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0080', '\u0085', '\u009f'];
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const codeOf = (char: string) => `U+${char.codePointAt(0)!.toString(16).padStart(4, '0')}`;

describe('singleLineText', () => {
  const title = singleLineText('The title', 20);

  it('takes ordinary text in any script, trimmed', () => {
    expect(title.parse('  Protein folding ')).toBe('Protein folding');
    for (const value of ['Ünïcödé façade', '生物信息学', 'مرحبا بالعالم', 'emoji 😀', 'a\u200fb\u200e']) {
      expect(title.safeParse(value).success, value).toBe(true);
    }
  });

  it.each([...CONTROLS, '\t', '\n', '\r', ...BIDI].map((char) => [codeOf(char), char]))(
    'refuses %s with a message naming the field',
    (_code, char) => {
      const result = title.safeParse(`a${char}b`);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'The title must be one line of text, without invisible control characters.',
      ]);
    },
  );

  it('says what is wrong in the words a field chooses', () => {
    const token = singleLineText('The link', 10, {
      type: 'No link.',
      tooLong: 'Too long.',
      unsafe: 'Bad link.',
    });
    expect(token.safeParse(42).error?.issues[0]?.message).toBe('No link.');
    expect(token.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Too long.');
    expect(token.safeParse('x\u0000').error?.issues[0]?.message).toBe('Bad link.');
    expect(title.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe(
      'The title can have at most 20 characters.',
    );
  });
});

describe('multiLineText', () => {
  const bio = multiLineText('The bio', 100);

  it('keeps line breaks and tabs, and stores Windows and old Mac line ends as \\n', () => {
    expect(bio.parse('First line\r\nsecond\tcolumn\rthird\n\nlast ')).toBe(
      'First line\nsecond\tcolumn\nthird\n\nlast',
    );
  });

  it.each([...CONTROLS, '\u000b', '\u000c', ...BIDI].map((char) => [codeOf(char), char]))(
    'refuses %s',
    (_code, char) => {
      const result = bio.safeParse(`line one\nline${char}two`);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'The bio contains invisible control characters; please remove them.',
      );
    },
  );
});

describe('searchText', () => {
  const q = searchText('q', 50);

  it('searches for the words around control and bidi characters instead of refusing them', () => {
    expect(q.parse('\u0000bio\u202einformatics\t ')).toBe('bio informatics');
    for (const char of [...CONTROLS, ...BIDI]) expect(q.parse(`a${char}b`)).toBe('a b');
  });

  it('still refuses text over the limit', () => {
    expect(q.safeParse('x'.repeat(51)).success).toBe(false);
  });
});

describe('pageCursorSchema', () => {
  const cursor = pageCursorSchema(40, 'That page link is not valid.');
  it('takes what the server makes (base64url) and nothing else', () => {
    expect(cursor.parse('WyJyYXRpbmciLDEyMyw')).toBe('WyJyYXRpbmciLDEyMyw');
    for (const bad of ['abc\u0000', 'a b', 'a+b/c=', 'x'.repeat(41)]) {
      expect(cursor.safeParse(bad).error?.issues[0]?.message, bad).toBe('That page link is not valid.');
    }
  });
});
