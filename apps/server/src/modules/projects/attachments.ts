import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_MB, PROJECT_ATTACHMENTS_MAX } from '@sciwise/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import { projectAttachments, projects } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { sniffAttachment, type AttachmentType } from '../files/attachment-types.ts';
import { cleanFileName } from '../files/file-names.ts';
import type { FileDownload, StagedFile } from '../files/store.ts';
import { receiveUpload, type FormBody } from '../files/upload.ts';
import { assertOpenFiles, visibleProject, type Viewer } from './access.ts';
import { ownedProject } from './project-service.ts';
import { assertProjectEditable } from './project-states.ts';

const TOO_LARGE = `Attachments can be at most ${ATTACHMENT_MAX_MB} MB. Please share larger files through a link in the description.`;
const WRONG_TYPE =
  'That file type is not accepted, or its content does not match its name. Attach PDF, Word, Excel, PowerPoint, CSV, text or image files.';
const ATTACHMENT_NOT_FOUND = 'We could not find that attachment.';
const ONE_TIME_LINKS =
  'The files of a confidential project open through a one-time link from the project page.';

/** One attachment of one project, as the address names it. */
export interface AttachmentRef {
  projectId: string;
  attachmentId: string;
}

export interface Upload {
  /** Staged in the file store: addAttachment keeps it. */
  file: StagedFile;
  fileName: string;
  type: AttachmentType;
}

/** Receives the one file of a multipart upload: size checked while streaming, type by content. */
export async function readAttachmentUpload(ctx: ServiceContext, body: FormBody): Promise<Upload> {
  const { file, fileName: given } = await receiveUpload(body, ctx.files, {
    maxBytes: ATTACHMENT_MAX_BYTES,
    messages: {
      notMultipart: 'Upload the file as multipart/form-data.',
      noFile: 'Choose a file to attach.',
      tooLarge: TOO_LARGE,
    },
  });
  try {
    if (file.size === 0)
      throw invalid('That file is empty.', [{ field: 'file', message: 'That file is empty.' }]);
    const fileName = cleanFileName(given);
    const type = await sniffAttachment(file, fileName);
    if (!type)
      throw new AppError('unsupported_media_type', WRONG_TYPE, [{ field: 'file', message: WRONG_TYPE }]);
    return { file, fileName, type };
  } catch (error) {
    await file.discard();
    throw error;
  }
}

/** Checked before the upload is read, so nobody else can make the server take in a whole file. */
export async function assertCanAttach(
  ctx: ServiceContext,
  user: SessionUser,
  projectId: string,
): Promise<void> {
  const project = await ownedProject(ctx.db, projectId, user);
  assertProjectEditable(project.status);
}

export async function addAttachment(
  ctx: ServiceContext,
  user: SessionUser,
  projectId: string,
  upload: Upload,
) {
  // The file is kept first; a refused insert removes it again, so nothing is half-created.
  const key = await upload.file.commit('project-files', upload.type.ext).catch(async (error: unknown) => {
    await upload.file.discard();
    throw error;
  });
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const project = await ownedProject(tx, projectId, user, true);
      assertProjectEditable(project.status);
      const [existing] = await tx
        .select({ n: count() })
        .from(projectAttachments)
        .where(eq(projectAttachments.projectId, projectId));
      if ((existing?.n ?? 0) >= PROJECT_ATTACHMENTS_MAX)
        throw conflict(
          `A project can have at most ${PROJECT_ATTACHMENTS_MAX} attachments; remove one first.`,
        );
      const [row] = await tx
        .insert(projectAttachments)
        .values({
          projectId,
          uploadedBy: user.id,
          fileKey: key,
          fileName: upload.fileName,
          contentType: upload.type.mime,
          sizeBytes: upload.file.size,
        })
        .returning();
      await tx
        .update(projects)
        .set({ updatedAt: sql`now()` })
        .where(eq(projects.id, projectId));
      return row!;
    });
    // The content's hash lets an operator find the same file wherever else it was uploaded.
    ctx.log.info(
      { attachmentId: row.id, sizeBytes: row.sizeBytes, sha256: upload.file.sha256 },
      'attachment stored',
    );
    return row;
  } catch (error) {
    await ctx.files.remove(key);
    throw error;
  }
}

export async function removeAttachment(
  ctx: ServiceContext,
  user: SessionUser,
  { projectId, attachmentId }: AttachmentRef,
) {
  const key = await ctx.db.transaction(async (tx) => {
    const project = await ownedProject(tx, projectId, user, true);
    assertProjectEditable(project.status);
    const [row] = await tx
      .delete(projectAttachments)
      .where(and(eq(projectAttachments.id, attachmentId), eq(projectAttachments.projectId, projectId)))
      .returning({ key: projectAttachments.fileKey });
    if (!row) throw notFound(ATTACHMENT_NOT_FOUND);
    return row.key;
  });
  await ctx.files.remove(key);
}

/** Downloads go to exactly those who may see the project's details. */
export async function attachmentDownload(
  ctx: ServiceContext,
  viewer: NonNullable<Viewer>,
  { projectId, attachmentId }: AttachmentRef,
): Promise<FileDownload> {
  const { project, relation } = await visibleProject(ctx.db, projectId, viewer);
  assertOpenFiles(project, relation);
  // A confidential project's files open only through one-time links, so each opening is logged.
  if (project.ndaMode !== 'none') throw forbidden(ONE_TIME_LINKS);
  const [row] = await ctx.db
    .select()
    .from(projectAttachments)
    .where(and(eq(projectAttachments.id, attachmentId), eq(projectAttachments.projectId, projectId)));
  const stored = row ? await ctx.files.get(row.fileKey) : null;
  if (!row || !stored) throw notFound(ATTACHMENT_NOT_FOUND);
  return { stored, contentType: row.contentType, fileName: row.fileName };
}
