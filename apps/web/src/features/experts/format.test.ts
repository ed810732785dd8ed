import { countryCodes } from '@sciwise/contracts';
import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './format.ts';

describe('country names', () => {
  it('offers every country the API accepts, alphabetically by English name', () => {
    const options = countryOptions();
    expect(options.map((option) => option.code).sort()).toEqual([...countryCodes].sort());
    const names = options.map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(options.find((option) => option.code === 'GB')?.name).toBe('United Kingdom');
  });

  it('shows a code without a name as it is', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('??')).toBe('??');
  });
});
