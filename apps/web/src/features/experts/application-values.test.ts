import { describe, expect, it } from 'vitest';
import { checkedDraft, type Values } from './application-values.ts';

const values: Values = {
  category: 'data_analysts',
  subjects: ['Bioinformatics'],
  headline: 'Bioinformatician for single-cell studies',
  bio: 'I analyse single-cell RNA-seq for oncology groups.',
  education: [],
  publications: [],
  orcid: '',
  rate: '120',
  currency: 'USD',
  country: 'DE',
  languages: ['en', 'de'],
  availability: 'available',
};

describe('checkedDraft', () => {
  it('keeps every field the contract accepts', () => {
    const { draft, problems } = checkedDraft(values);
    expect(problems).toEqual({});
    expect(draft).toMatchObject({ hourlyRateMinor: 12_000, country: 'DE', headline: values.headline });
  });

  it('leaves out a rate below the minimum, says why, and keeps the rest of the step', () => {
    const { draft, problems } = checkedDraft({ ...values, rate: '5' });
    expect(problems.hourlyRateMinor).toMatch(/at least 10/);
    expect(draft).not.toHaveProperty('hourlyRateMinor');
    expect(draft).toMatchObject({ country: 'DE', currency: 'USD', languages: ['en', 'de'] });
  });

  it('leaves out an ORCID iD whose checksum is wrong', () => {
    const { draft, problems } = checkedDraft({ ...values, orcid: '0000-0002-1825-0098' });
    expect(problems.orcid).toMatch(/not a valid ORCID/);
    expect(draft).not.toHaveProperty('orcid');
    expect(draft).toHaveProperty('headline');
  });
});
