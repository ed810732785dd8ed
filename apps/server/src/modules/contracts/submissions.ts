import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_MB,
  formatAmount,
  SUBMISSION_FILES_MAX,
  submissionNoteSchema,
} from '@sciwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import {
  contractMilestones,
  contracts,
  milestoneSubmissions,
  submissionFiles,
} from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { DAY_MS } from '../../lib/clock.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { sniffAttachment } from '../files/attachment-types.ts';
import type { FileDownload } from '../files/store.ts';
import { uploadError, type FormBody } from '../files/upload.ts';
import { enqueue } from '../jobs/queue.ts';
import { cleanFileName } from '../files/file-names.ts';
import { lockMilestone, roleIn } from './access.ts';
import { logActivity } from './activity.ts';
import { milestoneTransition } from './milestone-states.ts';
import { updateMilestone } from './money-transitions.ts';
import { tellParties } from './notices.ts';

export const AUTO_RELEASE_JOB = 'milestone-auto-release';
export const RELEASE_REMINDER_JOB = 'milestone-release-reminder';
/** Reminders go to the client this many days before the automatic release. */
export const REMINDER_DAYS_BEFORE = [3, 1];

const TOO_LARGE = `Each file can be at most ${ATTACHMENT_MAX_MB} MB. Share larger deliverables through a link in the note.`;
const TOO_MANY = `Attach at most ${SUBMISSION_FILES_MAX} files to one submission.`;
const WRONG_TYPE =
  'That file type is not accepted, or its content does not match its name. Deliver PDF, Word, Excel, PowerPoint, CSV, text or image files.';
const FILE_NOT_FOUND = 'We could not find that file.';

interface StoredFile {
  key: string;
  name: string;
  sizeBytes: number;
  contentType: string;
  sha256: string;
}

/** Who may submit is checked before the upload is read, so nobody else can make us take in files. */
export async function assertCanSubmit(
  ctx: ServiceContext,
  user: SessionUser,
  milestoneId: string,
): Promise<void> {
  const locked = await lockMilestone(ctx.db, user, milestoneId);
  milestoneTransition('submit', locked.milestone, locked.actor);
}

/**
 * Reads a submission: the `note` field and up to ten `files`. Each file streams into the store's
 * staging area (counted, hashed, refused past its limit), is checked by its content there and
 * kept; on any refusal the files kept so far are removed again.
 */
export async function readSubmission(
  ctx: ServiceContext,
  body: FormBody,
): Promise<{ note: string; files: StoredFile[] }> {
  if (!body.multipart)
    throw new AppError('unsupported_media_type', 'Send the submission as multipart/form-data.');
  const files: StoredFile[] = [];
  let note: string | undefined;
  try {
    // One byte past the limit gets through the parser, so the store sees that a file is too large.
    const parts = body.parts({ fileSize: ATTACHMENT_MAX_BYTES + 1, files: SUBMISSION_FILES_MAX, fields: 4 });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.name === 'note') note = part.value;
        continue;
      }
      const name = cleanFileName(part.fileName);
      const staged = await ctx.files.stage(part.stream, ATTACHMENT_MAX_BYTES);
      if (staged.size === 0) {
        await staged.discard();
        throw invalid(`“${name}” is empty.`, [{ field: 'files', message: 'Empty file.' }]);
      }
      const type = await sniffAttachment(staged, name);
      if (!type) {
        await staged.discard();
        throw new AppError('unsupported_media_type', WRONG_TYPE, [{ field: 'files', message: WRONG_TYPE }]);
      }
      const key = await staged.commit('submission-files', type.ext);
      files.push({ key, name, sizeBytes: staged.size, contentType: type.mime, sha256: staged.sha256 });
    }
    const parsed = submissionNoteSchema.safeParse(note ?? '');
    if (!parsed.success) {
      const message = parsed.error.issues[0]!.message;
      throw invalid(message, [{ field: 'note', message }]);
    }
    return { note: parsed.data, files };
  } catch (error) {
    await removeFiles(ctx, files);
    if ((error as { code?: unknown } | null)?.code === 'FST_FILES_LIMIT')
      throw new AppError('payload_too_large', TOO_MANY);
    return uploadError(error, TOO_LARGE);
  }
}

export async function removeFiles(ctx: ServiceContext, files: readonly { key: string }[]): Promise<void> {
  for (const file of files) await ctx.files.remove(file.key).catch(() => {});
}

const dateWords = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A new version of the work: its files with their SHA-256, the milestone submitted, and the
 * automatic release (with reminders before it) scheduled as durable jobs for this version.
 */
export async function submitWork(
  ctx: ServiceContext,
  user: SessionUser,
  milestoneId: string,
  upload: { note: string; files: StoredFile[] },
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockMilestone(tx, user, milestoneId);
    const { milestone, contract } = locked;
    const status = milestoneTransition('submit', milestone, locked.actor);
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${milestoneSubmissions.version}), 0)::int` })
      .from(milestoneSubmissions)
      .where(eq(milestoneSubmissions.milestoneId, milestoneId));
    const version = (last?.version ?? 0) + 1;
    const [submission] = await tx
      .insert(milestoneSubmissions)
      .values({ milestoneId, version, note: upload.note, createdBy: user.id })
      .returning({ id: milestoneSubmissions.id });
    if (upload.files.length > 0)
      await tx.insert(submissionFiles).values(
        upload.files.map((file, position) => ({
          submissionId: submission!.id,
          position,
          fileKey: file.key,
          name: file.name,
          sizeBytes: file.sizeBytes,
          contentType: file.contentType,
          sha256: file.sha256,
        })),
      );
    const now = ctx.clock.now();
    const releaseAt = new Date(now.getTime() + contract.autoReleaseDays * DAY_MS);
    await updateMilestone(tx, milestoneId, { status, submittedAt: now, autoReleaseAt: releaseAt });
    const payload = { milestoneId, version };
    await enqueue(tx, [
      {
        kind: AUTO_RELEASE_JOB,
        payload,
        runAt: releaseAt,
        dedupeKey: `${AUTO_RELEASE_JOB}:${milestoneId}:${version}`,
      },
      ...REMINDER_DAYS_BEFORE.map((days) => ({
        kind: RELEASE_REMINDER_JOB,
        payload: { ...payload, days },
        runAt: new Date(releaseAt.getTime() - days * DAY_MS),
        dedupeKey: `${RELEASE_REMINDER_JOB}:${milestoneId}:${version}:${days}`,
      })).filter((job) => job.runAt > now),
    ]);
    const files = upload.files.length === 1 ? '1 file' : `${upload.files.length} files`;
    await logActivity(tx, {
      contractId: contract.id,
      milestoneId,
      actorId: user.id,
      kind: 'work_submitted',
      text: `${locked.expertName} submitted version ${version} of “${milestone.title}” with ${files}.`,
    });
    await tellParties(tx, ctx, locked, 'work_submitted', {
      client: {
        title: 'Work submitted for your review',
        body: `${locked.expertName} submitted “${milestone.title}” (version ${version}). Approve it, or ask for changes naming what is missing. If you do neither, ${formatAmount(milestone.amountMinor, contract.currency)} is released automatically on ${dateWords.format(releaseAt)}.`,
      },
    });
    return contract.id;
  });
}

/** A delivered file, to the two sides of the contract and admins only. */
export async function submissionFileDownload(
  ctx: ServiceContext,
  user: SessionUser,
  fileId: string,
): Promise<FileDownload> {
  const [row] = await ctx.db
    .select({ file: submissionFiles, clientId: contracts.clientId, expertId: contracts.expertId })
    .from(submissionFiles)
    .innerJoin(milestoneSubmissions, eq(milestoneSubmissions.id, submissionFiles.submissionId))
    .innerJoin(contractMilestones, eq(contractMilestones.id, milestoneSubmissions.milestoneId))
    .innerJoin(contracts, and(eq(contracts.id, contractMilestones.contractId)))
    .where(eq(submissionFiles.id, fileId));
  if (!row || !roleIn(row, user)) throw notFound(FILE_NOT_FOUND);
  const stored = await ctx.files.get(row.file.fileKey);
  if (!stored) throw notFound(FILE_NOT_FOUND);
  return { stored, contentType: row.file.contentType, fileName: row.file.name };
}
