import { describe, expect, it } from 'vitest';
import { preferredSuggestion } from './subject-picker.tsx';

describe('the suggestion Enter takes', () => {
  const names = ['Gene editing', 'Bioinformatics', 'Bioinformatics pipelines', 'Structural biology'];

  it('is the one that begins with what was typed, whatever the case', () => {
    expect(preferredSuggestion('bioinf', names)).toBe(1);
    expect(preferredSuggestion('  STRUCT ', names)).toBe(3);
  });

  it('is the exact one when there is one', () => {
    expect(preferredSuggestion('bioinformatics pipelines', names)).toBe(2);
  });

  it('is none when no suggestion begins with the words, so the words themselves are added', () => {
    expect(preferredSuggestion('editing', names)).toBe(-1);
    expect(preferredSuggestion('b', names)).toBe(-1);
  });
});
