import { ATTACHMENT_MAX_BYTES, PROJECT_ATTACHMENTS_MAX } from '@sciwise/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { projectAttachments, projects } from '../../db/schema/index.ts';
import { AppError, conflict, invalid, notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { sniffAttachment, type AttachmentType } from '../files/attachment-types.ts';
import { visibleProject, type Viewer } from './access.ts';
import { ownedProject } from './project-service.ts';
import { assertProjectEditable } from './project-states.ts';

const MB = 1024 * 1024;
const TOO_LARGE = `Attachments can be at most ${ATTACHMENT_MAX_BYTES / MB} MB. Please share larger files through a link in the description.`;
const WRONG_TYPE =
  'That file type is not accepted, or its content does not match its name. Attach PDF, Word, Excel, PowerPoint, CSV, text or image files.';
const ATTACHMENT_NOT_FOUND = 'We could not find that attachment.';
const MALFORMED = 'The upload was incomplete or malformed. Please choose the file and try again.';

export interface Upload {
  data: Buffer;
  fileName: string;
  type: AttachmentType;
}

// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f"]/g;

/** The name as shown to people: no folders, no control characters, not too long. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE_IN_NAMES, '').trim().slice(-200);
  return clean || 'attachment';
}

/**
 * The multipart parser throws plain errors ("Boundary not found", "Unexpected end of multipart
 * data") for a body that is malformed or cut off: the client's fault, so a 400, not a 500.
 * Fastify's own multipart errors (FST_*) keep their status through the central handler.
 */
function uploadError(error: unknown): never {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', TOO_LARGE);
  if (error instanceof AppError || (typeof code === 'string' && code.startsWith('FST_'))) throw error;
  throw invalid(MALFORMED, [{ field: 'file', message: MALFORMED }]);
}

/** Reads the one file of a multipart upload: size checked while streaming, type by content. */
export async function readAttachmentUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Upload the file as multipart/form-data.');
  const file = await request
    .file({ limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1 } })
    .catch(uploadError);
  if (!file) throw invalid('Choose a file to attach.', [{ field: 'file', message: 'No file was sent.' }]);
  const data = await file.toBuffer().catch(uploadError);
  if (file.file.truncated) throw new AppError('payload_too_large', TOO_LARGE);
  if (data.length === 0)
    throw invalid('That file is empty.', [{ field: 'file', message: 'That file is empty.' }]);
  const fileName = cleanFileName(file.filename);
  const type = sniffAttachment(data, fileName);
  if (!type)
    throw new AppError('unsupported_media_type', WRONG_TYPE, [{ field: 'file', message: WRONG_TYPE }]);
  return { data, fileName, type };
}

/** Checked before the upload is read, so nobody else can make the server take in 20 MB. */
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
  // The file goes to the store first; a refused insert removes it again, so nothing is half-created.
  const key = await ctx.files.put('project-files', upload.type.ext, upload.data);
  try {
    return await ctx.db.transaction(async (tx) => {
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
          sizeBytes: upload.data.length,
        })
        .returning();
      await tx
        .update(projects)
        .set({ updatedAt: sql`now()` })
        .where(eq(projects.id, projectId));
      return row!;
    });
  } catch (error) {
    await ctx.files.remove(key);
    throw error;
  }
}

export async function removeAttachment(
  ctx: ServiceContext,
  user: SessionUser,
  projectId: string,
  attachmentId: string,
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
export async function sendAttachment(
  ctx: ServiceContext,
  viewer: NonNullable<Viewer>,
  projectId: string,
  attachmentId: string,
  reply: FastifyReply,
) {
  await visibleProject(ctx.db, projectId, viewer);
  const [row] = await ctx.db
    .select()
    .from(projectAttachments)
    .where(and(eq(projectAttachments.id, attachmentId), eq(projectAttachments.projectId, projectId)));
  const data = row ? await ctx.files.get(row.fileKey) : null;
  if (!row || !data) throw notFound(ATTACHMENT_NOT_FOUND);
  return reply
    .header('content-type', row.contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(data);
}
