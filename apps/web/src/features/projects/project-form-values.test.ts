import { describe, expect, it } from 'vitest';
import { budgetLabel, toMinor } from './format.ts';
import {
  applyPreset,
  emptyValues,
  stepProblems,
  toDraft,
  type ProjectFormValues,
} from './project-form-values.ts';

const filled: ProjectFormValues = {
  ...emptyValues,
  title: 'Statistical analysis of a phase II trial',
  description:
    'We need a biostatistician to analyse a phase II dataset and write the report for the sponsor.',
  category: 'data_analysts',
  subjects: ['Biostatistics'],
  budgetMin: '1,500',
  budgetMax: '4000.50',
};

describe('amounts typed in major units', () => {
  it.each([
    ['1500', 150_000],
    ['1,500.5', 150_050],
    ['0.99', 99],
    [' 12 ', 1200],
  ])('%s is %i minor units', (text, minor) => expect(toMinor(text)).toBe(minor));

  it.each(['', 'abc', '-5', '1.999', '1e3', '12.3.4'])('%s is not an amount', (text) =>
    expect(toMinor(text)).toBeNull(),
  );
});

describe('the draft sent to the server', () => {
  it('carries well-formed amounts in minor units and clears emptied ones', () => {
    expect(toDraft(filled)).toMatchObject({
      budgetMinMinor: 150_000,
      budgetMaxMinor: 400_050,
      category: 'data_analysts',
    });
    expect(toDraft({ ...filled, budgetMin: '' })).toMatchObject({ budgetMinMinor: null });
  });

  it('leaves out a half-typed amount or a past deadline instead of failing the autosave', () => {
    const draft = toDraft({ ...filled, budgetMax: '40.', deadline: '2001-01-01' });
    expect(draft).not.toHaveProperty('budgetMaxMinor');
    expect(draft).not.toHaveProperty('deadline');
  });
});

describe('step checks', () => {
  it('ask for what is missing, step by step', () => {
    expect(Object.keys(stepProblems(emptyValues, 0))).toEqual(['title', 'description']);
    expect(Object.keys(stepProblems(emptyValues, 1))).toEqual(['category', 'subjects']);
    expect(Object.keys(stepProblems({ ...filled, budgetMin: '5000', budgetMax: '100' }, 2))).toEqual([
      'budgetMax',
    ]);
    for (const step of [0, 1, 2]) expect(stepProblems(filled, step)).toEqual({});
  });
});

describe('service presets', () => {
  it('fill the category and subjects, never over what the person chose', () => {
    expect(applyPreset(emptyValues, 'scientific-writing')).toMatchObject({
      category: 'writers',
      subjects: ['Scientific writing'],
    });
    expect(applyPreset(filled, 'scientific-writing')).toMatchObject({
      category: 'data_analysts',
      subjects: ['Biostatistics'],
    });
    expect(applyPreset(emptyValues, 'no-such-service')).toEqual(emptyValues);
  });
});

it('budget labels', () => {
  expect(budgetLabel({ type: 'hourly', minMinor: 5000, maxMinor: 9000, currency: 'EUR' })).toBe(
    '€50–€90 per hour',
  );
  expect(budgetLabel({ type: 'fixed', minMinor: 100_000, maxMinor: 100_000, currency: 'USD' })).toBe(
    '$1,000 fixed price',
  );
  expect(budgetLabel({ type: 'fixed', minMinor: null, maxMinor: null, currency: 'USD' })).toBe(
    'Budget to be agreed',
  );
});
