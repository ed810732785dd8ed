import { reportReceiptSchema, type ReportRequest, type ReportSubject } from '@sciwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/** What a member reports: a project or a message, by its id. */
export interface ReportTarget {
  subject: ReportSubject;
  id: string;
}

const reportPaths: Record<ReportSubject, (id: string) => string> = {
  project: (id) => `/api/projects/${encodeURIComponent(id)}/report`,
  message: (id) => `/api/messages/${encodeURIComponent(id)}/report`,
};

/**
 * Reports a project or a message to the moderators. The answer is the report as stored: a second
 * report of the same thing by the same person answers with the first (`created: false`).
 * Nothing cached changes: the reported thing looks the same until a moderator decides.
 */
export function useReport(target: ReportTarget) {
  return useMutation({
    mutationFn: (body: ReportRequest) =>
      apiRequest(reportPaths[target.subject](target.id), {
        method: 'POST',
        body,
        schema: reportReceiptSchema,
      }),
  });
}
