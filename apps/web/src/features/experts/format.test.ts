import { countryCodes } from '@sciwise/contracts';
import { describe, expect, it } from 'vitest';
import { countryNames } from './countries.ts';
import { countryName, countryOptions } from './format.ts';

describe('country names', () => {
  it('names every country the API accepts, and no other', () => {
    expect(Object.keys(countryNames).sort()).toEqual([...countryCodes].sort());
  });

  it('lists the options alphabetically by name', () => {
    const names = countryOptions.map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countryOptions.find((option) => option.code === 'GB')?.name).toBe('United Kingdom');
  });

  it('shows an unknown code as it is', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('XX')).toBe('XX');
  });
});
