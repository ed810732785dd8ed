import { SUBJECT_LIST_MAX, SUBJECT_SUGGESTIONS } from '@sciwise/contracts/constants';
import type { SubjectListResponse } from '@sciwise/contracts/public';
import { apiRequest, checkedByServer } from './api-client.ts';

/*
 * GET /api/subjects, the one way every page asks for subjects: the landing page's and the
 * directory's search boxes, the subject pickers, the subject filters.
 */

const subjectList = checkedByServer<SubjectListResponse>();

/** The subjects whose name starts with what the person typed. */
export const fetchSubjectSuggestions = (prefix: string, signal?: AbortSignal) =>
  apiRequest(`/api/subjects?prefix=${encodeURIComponent(prefix)}&limit=${SUBJECT_SUGGESTIONS}`, {
    schema: subjectList,
    signal,
  });

/** The whole catalogue (a few hundred subjects), for subject filters; it changes rarely. */
export const fetchAllSubjects = (signal?: AbortSignal) =>
  apiRequest(`/api/subjects?limit=${SUBJECT_LIST_MAX}`, { schema: subjectList, signal });
