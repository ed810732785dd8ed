import {
  CONCIERGE_USER_ID,
  type ReportReceipt,
  type ReportRequest,
  type ReportSubject,
} from '@sciwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { contentReports } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { visibleProject } from '../projects/access.ts';

type Reporter = Pick<SessionUser, 'id' | 'role'>;

const MESSAGE_NOT_FOUND = 'We could not find that message.';

/** Administrators act on content from the moderation queue; a report of their own would wait for themselves. */
function refuseAdmins(reporter: Reporter) {
  if (reporter.role === 'admin')
    throw forbidden('Administrators do not report content; they decide reports in the moderation queue.');
}

/**
 * Stores the report, or finds the one this person already made about the same thing: reporting
 * twice is not a second voice, and the unique index settles two clicks racing.
 */
async function fileReport(
  db: Executor,
  reporterId: string,
  subject: { kind: ReportSubject; id: string },
  input: ReportRequest,
): Promise<ReportReceipt> {
  const target = subject.kind === 'project' ? { projectId: subject.id } : { messageId: subject.id };
  const [created] = await db
    .insert(contentReports)
    .values({
      reporterId,
      subject: subject.kind,
      ...target,
      reason: input.reason,
      details: input.details || null,
    })
    .onConflictDoNothing()
    .returning();
  const stored =
    created ??
    (
      await db
        .select()
        .from(contentReports)
        .where(
          and(
            eq(contentReports.reporterId, reporterId),
            subject.kind === 'project'
              ? eq(contentReports.projectId, subject.id)
              : eq(contentReports.messageId, subject.id),
          ),
        )
    )[0];
  if (!stored) throw conflict('Your report could not be stored; please try again.');
  return {
    id: stored.id,
    status: stored.status,
    createdAt: stored.createdAt.toISOString(),
    created: created !== undefined,
  };
}

/** A member reports a project they can see and do not own. */
export async function reportProject(
  db: Executor,
  reporter: Reporter,
  projectId: string,
  input: ReportRequest,
): Promise<ReportReceipt> {
  refuseAdmins(reporter);
  const { project, relation } = await visibleProject(db, projectId, reporter);
  if (relation.isOwner) throw forbidden('You cannot report your own project.');
  if (project.removedAt) throw conflict('Moderators have already removed this project.');
  return fileReport(db, reporter.id, { kind: 'project', id: projectId }, input);
}

/** A member reports a message the other person of one of their conversations sent. */
export async function reportMessage(
  db: Executor,
  reporter: Reporter,
  messageId: string,
  input: ReportRequest,
): Promise<ReportReceipt> {
  refuseAdmins(reporter);
  const [message] = await rowsOf<{ sender_id: string; removed_at: Date | string | null }>(
    db,
    sql`select m.sender_id, m.removed_at
          from messages m
          join conversation_members me on me.conversation_id = m.conversation_id and me.user_id = ${reporter.id}::uuid
         where m.id = ${messageId}::uuid`,
  );
  // Someone outside the conversation learns nothing, not even that the message exists.
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  if (message.sender_id === reporter.id) throw forbidden('You cannot report your own message.');
  if (message.sender_id === CONCIERGE_USER_ID)
    throw forbidden('Messages from Sciwise Concierge cannot be reported; reply to tell us what is wrong.');
  if (message.removed_at) throw conflict('Moderators have already removed this message.');
  return fileReport(db, reporter.id, { kind: 'message', id: messageId }, input);
}
