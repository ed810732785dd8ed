import { and, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { contentReports, messages, projects, users } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { recordAdminAction } from '../admin/audit-log.ts';
import { conversationLink } from '../messaging/service.ts';
import { notify } from '../notifications/service.ts';
import { findProject, type ProjectRow } from '../projects/access.ts';
import { closeProject } from '../projects/project-service.ts';
import { projectTransitions } from '../projects/project-states.ts';

interface Decision {
  adminId: string;
  reportId: string;
}

type ReportRow = typeof contentReports.$inferSelect;

/** The reported thing, locked with its report, and whom it belongs to. */
interface Subject {
  author: { id: string; email: string; firstName: string; deleted: boolean };
  /** How the author and reporters are told what it was: “Title” or "a message". */
  described: string;
  /** Where the author can see what happened. */
  link: string;
  project?: ProjectRow;
  message?: { id: string; conversationId: string; members: [string, string] };
}

const sameSubject = (report: ReportRow) =>
  report.projectId
    ? eq(contentReports.projectId, report.projectId)
    : eq(contentReports.messageId, report.messageId!);

async function lockOpenReport(tx: Executor, { adminId, reportId }: Decision): Promise<ReportRow> {
  const [report] = await tx
    .select()
    .from(contentReports)
    .where(eq(contentReports.id, reportId))
    .for('update');
  if (!report) throw notFound('We could not find that report.');
  if (report.status !== 'open') throw conflict('This report has already been decided.');
  if (report.reporterId === adminId) throw forbidden('You cannot decide a report you made.');
  return report;
}

async function lockSubject(tx: Executor, report: ReportRow): Promise<Subject> {
  let authorId: string;
  let subject: Omit<Subject, 'author'>;
  if (report.projectId) {
    const project = await findProject(tx, report.projectId, true);
    authorId = project.ownerId;
    subject = {
      described: `your project “${project.title}”`,
      link: `/projects/${project.id}`,
      project,
    };
  } else {
    const [message] = await tx
      .select({ id: messages.id, conversationId: messages.conversationId, senderId: messages.senderId })
      .from(messages)
      .where(eq(messages.id, report.messageId!))
      .for('update');
    if (!message) throw notFound('We could not find that message.');
    const members = await rowsOf<{ user_id: string }>(
      tx,
      sql`select user_id from conversation_members where conversation_id = ${message.conversationId}::uuid`,
    );
    const ids = members.map((row) => row.user_id);
    authorId = message.senderId;
    subject = {
      described: 'a message you sent',
      link: conversationLink(message.conversationId),
      message: { id: message.id, conversationId: message.conversationId, members: [ids[0]!, ids[1]!] },
    };
  }
  const [author] = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, authorId));
  if (!author) throw notFound('We could not find the author of this content.');
  return { ...subject, author: { ...author, deleted: author.deletedAt !== null } };
}

/** Closes every open report of the same thing with one decision, and returns who made them. */
async function decideAll(
  tx: Executor,
  report: ReportRow,
  decision: { status: 'removed' | 'dismissed'; adminId: string; reason: string | null },
): Promise<string[]> {
  const decided = await tx
    .update(contentReports)
    .set({
      status: decision.status,
      decidedBy: decision.adminId,
      decidedAt: sql`now()`,
      decisionReason: decision.reason,
    })
    .where(and(sameSubject(report), eq(contentReports.status, 'open')))
    .returning({ reporterId: contentReports.reporterId });
  return decided.map((row) => row.reporterId);
}

function refuseOwnContent(subject: Subject, adminId: string) {
  // The same rule as money: an administrator never decides about their own account.
  if (subject.author.id === adminId)
    throw forbidden('This report is about your own content; another administrator must decide it.');
}

export interface Removal {
  /** Set for a message: both people's open chats replace it in place. */
  message?: { id: string; conversationId: string; members: [string, string] };
}

/**
 * Removes the reported project or message with a reason its author reads. A project stops being
 * shown to anyone but its owner, admins and a hired expert (a contract in progress goes on; money
 * follows the contract's own rules), and a draft or open one is cancelled, closing waiting quotes.
 * A message keeps its words for the record and is never sent again.
 */
export async function removeReportedContent(
  ctx: ServiceContext,
  decision: Decision & { reason: string },
): Promise<Removal> {
  const subject = await ctx.db.transaction(async (tx) => {
    const report = await lockOpenReport(tx, decision);
    const subject = await lockSubject(tx, report);
    refuseOwnContent(subject, decision.adminId);
    const { project } = subject;
    if (project) {
      if (projectTransitions.cancel.from.includes(project.status))
        await closeProject(tx, project, 'admin', 'by Sciwise moderation');
      await tx
        .update(projects)
        .set({ removedAt: sql`now()`, removalReason: decision.reason, updatedAt: sql`now()` })
        .where(eq(projects.id, project.id));
    } else {
      await tx
        .update(messages)
        .set({ removedAt: sql`now()` })
        .where(eq(messages.id, subject.message!.id));
    }
    const reporters = await decideAll(tx, report, {
      status: 'removed',
      adminId: decision.adminId,
      reason: decision.reason,
    });
    await recordAdminAction(tx, {
      actorId: decision.adminId,
      action: 'content_removed',
      subjectUserId: subject.author.id,
      reason: decision.reason,
    });
    await notify(tx, subject.author.id, {
      kind: 'content_removed',
      title: subject.project ? 'Your project was removed' : 'A message of yours was removed',
      body: `Sciwise moderators removed ${subject.described}. The reason: ${decision.reason}`,
      link: subject.link,
    });
    await notify(tx, reporters, {
      kind: 'report_decided',
      title: 'We acted on your report',
      body: 'Thank you: our moderators reviewed what you reported and removed it.',
      link: null,
    });
    return subject;
  });
  if (!subject.author.deleted) await mailAuthor(ctx, subject, decision.reason);
  return subject.message ? { message: subject.message } : {};
}

/** Leaves the reported thing as it is: every open report of it is closed, the note logged. */
export async function dismissReport(
  ctx: ServiceContext,
  decision: Decision & { note: string | null },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const report = await lockOpenReport(tx, decision);
    const subject = await lockSubject(tx, report);
    refuseOwnContent(subject, decision.adminId);
    const reporters = await decideAll(tx, report, {
      status: 'dismissed',
      adminId: decision.adminId,
      reason: decision.note,
    });
    await recordAdminAction(tx, {
      actorId: decision.adminId,
      action: 'report_dismissed',
      subjectUserId: subject.author.id,
      reason: decision.note,
    });
    await notify(tx, reporters, {
      kind: 'report_decided',
      title: 'We reviewed your report',
      body: 'Thank you: our moderators reviewed what you reported and found it within our rules, so it stays.',
      link: null,
    });
  });
}

async function mailAuthor(ctx: ServiceContext, subject: Subject, reason: string) {
  // After the commit, and not part of it: the removal holds whether or not the e-mail goes out.
  await ctx.mailer
    .send({
      to: subject.author.email,
      subject: subject.project
        ? 'Your project on Sciwise was removed'
        : 'A message of yours on Sciwise was removed',
      text: [
        `Hi ${subject.author.firstName},`,
        '',
        `Sciwise moderators removed ${subject.described} after members reported it. The reason they gave:`,
        '',
        reason,
        '',
        'If you think this is a mistake, reply to this e-mail.',
        '',
        '— The Sciwise team',
      ].join('\n'),
    })
    .catch((error: unknown) => ctx.log.error({ err: error }, 'removal e-mail failed'));
}
