import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX_MINOR,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_TITLE_MAX,
  SEARCH_RATE_MAX,
  SUBJECT_LIST_MAX,
  SUBJECT_NAME_MAX,
} from './constants.ts';
import { expertSearchQuerySchema, subjectSuggestQuerySchema } from './experts.ts';
import { wholeNumber } from './fields.ts';
import { amountMinorSchema, projectDraftSchema } from './projects.ts';

/*
 * The project editor shows the same limits before the server checks them; these tests pin that
 * the schemas the server validates with use the constants the form reads.
 */

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('project drafts', () => {
  it('take every field as optional, so the form can save as the person types', () => {
    expect(projectDraftSchema.safeParse({}).success).toBe(true);
    expect(projectDraftSchema.safeParse({ title: 'Short' }).success).toBe(true);
  });

  it('refuse a title or description over the limits the form counts down from', () => {
    expect(projectDraftSchema.safeParse({ title: 'x'.repeat(PROJECT_TITLE_MAX) }).success).toBe(true);
    expect(projectDraftSchema.safeParse({ title: 'x'.repeat(PROJECT_TITLE_MAX + 1) }).success).toBe(false);
    expect(
      projectDraftSchema.safeParse({ description: 'x'.repeat(PROJECT_DESCRIPTION_MAX + 1) }).success,
    ).toBe(false);
  });

  it('refuse a subject name over the limit the subject picker allows', () => {
    expect(projectDraftSchema.safeParse({ subjects: ['x'.repeat(SUBJECT_NAME_MAX)] }).success).toBe(true);
    expect(projectDraftSchema.safeParse({ subjects: ['x'.repeat(SUBJECT_NAME_MAX + 1)] }).success).toBe(
      false,
    );
  });

  it('refuse an unknown field instead of dropping it', () => {
    expect(projectDraftSchema.safeParse({ budget: 5 }).success).toBe(false);
  });
});

describe('amounts', () => {
  const amount = amountMinorSchema('The maximum budget');

  it('are whole positive cents up to one million in the major unit', () => {
    expect(amount.safeParse(1).success).toBe(true);
    expect(amount.safeParse(AMOUNT_MAX_MINOR).success).toBe(true);
    expect(messages(amount.safeParse(AMOUNT_MAX_MINOR + 1))).toEqual([
      'The maximum budget can be at most 1,000,000.',
    ]);
    expect(messages(amount.safeParse(0))).toEqual(['The maximum budget must be more than zero.']);
    expect(messages(amount.safeParse(10.5))).toEqual(['The maximum budget must be a whole number of cents.']);
  });
});

describe('query numbers', () => {
  it('are coerced from the query string and named in every message', () => {
    const limit = wholeNumber('limit', 1, 50);
    expect(limit.parse('20')).toBe(20);
    expect(messages(limit.safeParse('0'))).toEqual(['limit must be at least 1.']);
    expect(messages(limit.safeParse('51'))).toEqual(['limit must be at most 50.']);
    expect(messages(limit.safeParse('2.5'))).toEqual(['limit must be a whole number.']);
    expect(messages(limit.safeParse('many'))).toEqual(['limit must be a number.']);
  });

  it('bound the expert search and the subject list where the pages bound their inputs', () => {
    expect(expertSearchQuerySchema.safeParse({ maxRate: String(SEARCH_RATE_MAX) }).success).toBe(true);
    expect(expertSearchQuerySchema.safeParse({ maxRate: String(SEARCH_RATE_MAX + 1) }).success).toBe(false);
    expect(subjectSuggestQuerySchema.safeParse({ limit: String(SUBJECT_LIST_MAX) }).success).toBe(true);
    expect(subjectSuggestQuerySchema.safeParse({ limit: String(SUBJECT_LIST_MAX + 1) }).success).toBe(false);
  });
});
