import {
  confidentialityLogSchema,
  downloadLinkSchema,
  ndaDocumentSchema,
  projectDetailsSchema,
  type NdaAcceptRequest,
  type ProjectDetails,
  type ProjectView,
} from '@sciwise/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client.ts';
import { projectKeys } from './queries.ts';

/* Confidential projects (decision 064): the agreement, its acceptance, one-time file links, the log. */

export const confidentialityKeys = {
  agreement: (id: string) => ['projects', 'nda', id] as const,
  log: (id: string) => ['projects', 'confidentiality-log', id] as const,
};

/** The agreement in force: the standard text or the client's PDF, and whether I accepted it. */
export const ndaDocumentQuery = (projectId: string) =>
  queryOptions({
    queryKey: confidentialityKeys.agreement(projectId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/projects/${projectId}/nda`, { schema: ndaDocumentSchema, signal }),
  });

/** Who accepted the agreement and who opened which file: the owner and administrators. */
export const confidentialityLogQuery = (projectId: string) =>
  queryOptions({
    queryKey: confidentialityKeys.log(projectId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/projects/${projectId}/confidentiality-log`, {
        schema: confidentialityLogSchema,
        signal,
      }),
  });

/** The owner's own agreement (a PDF) replaces the standard one; the answer is the project. */
export function uploadNda(projectId: string, file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiRequest(`/api/projects/${projectId}/nda`, { method: 'POST', body, schema: projectDetailsSchema });
}

/**
 * Accepts the agreement shown. The answer is the project's details, unlocked: they go straight
 * into the page's cache. A refusal because the client changed the agreement meanwhile (409)
 * loads the agreement again, so the new version is the one on screen.
 */
export function useAcceptNda(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (acceptance: NdaAcceptRequest) =>
      apiRequest(`/api/projects/${projectId}/nda/accept`, {
        method: 'POST',
        body: acceptance,
        schema: projectDetailsSchema,
      }),
    onSuccess: (details: ProjectDetails) => {
      queryClient.setQueryData<ProjectView>(projectKeys.view(projectId), (view) =>
        view ? { ...view, details } : view,
      );
      void queryClient.invalidateQueries({ queryKey: confidentialityKeys.agreement(projectId) });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: confidentialityKeys.agreement(projectId) });
    },
  });
}

/** A one-time link to one confidential file, valid for a few minutes. */
export const askDownloadLink = (projectId: string, attachmentId: string) =>
  apiRequest(`/api/projects/${projectId}/attachments/${attachmentId}/link`, {
    method: 'POST',
    schema: downloadLinkSchema,
  });
