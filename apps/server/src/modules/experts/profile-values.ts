import { isDeepStrictEqual } from 'node:util';
import { vettedProfileFields, type VettedProfileField, type VettedProfileValues } from '@sciwise/contracts';
import type { expertProfiles } from '../../db/schema/index.ts';

type ProfileRow = typeof expertProfiles.$inferSelect;

/** The vetted values of a profile (contracts/profile-changes.ts lists which fields these are). */
export function vettedValues(row: ProfileRow): VettedProfileValues {
  return {
    category: row.category ?? 'researchers',
    subjects: row.subjects,
    education: row.education,
    publications: row.publications,
    orcid: row.orcid,
  };
}

export function changedFields(before: VettedProfileValues, after: VettedProfileValues): VettedProfileField[] {
  return vettedProfileFields.filter((field) => !isDeepStrictEqual(before[field], after[field]));
}
