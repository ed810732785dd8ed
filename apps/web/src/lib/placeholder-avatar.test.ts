import { describe, expect, it } from 'vitest';
import { initialsOf, placeholderAvatarColor, placeholderAvatarUrl } from './placeholder-avatar.ts';

describe('placeholder avatar', () => {
  it('is the same picture for the same e-mail, whatever its case', () => {
    expect(placeholderAvatarUrl('Ada@Example.org', 'Ada Lovelace')).toBe(
      placeholderAvatarUrl('ada@example.org', 'Ada Lovelace'),
    );
    expect(placeholderAvatarColor('ada@example.org')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('shows up to two initials, or the e-mail initial without a name', () => {
    expect(initialsOf('Ada King Lovelace')).toBe('AK');
    expect(initialsOf('', 'marie@example.org')).toBe('M');
  });

  it('escapes what it puts into the SVG', () => {
    const url = placeholderAvatarUrl('x@example.org', '<script> &');
    expect(decodeURIComponent(url)).not.toContain('<script>');
  });
});
