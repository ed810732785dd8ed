import {
  DOWNLOAD_LINK_TTL_SECONDS,
  type ConfidentialityLog,
  type DownloadLink,
  type NdaAcceptRequest,
  type NdaDocument,
} from '@sciwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestMeta, ServiceContext } from '../../context.ts';
import { rowsOf } from '../../db/rows.ts';
import { attachmentDownloads, ndaAcceptances, projectAttachments, projects } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import type { FileDownload } from '../files/store.ts';
import { assertOpenFiles, visibleProject, type ProjectRow, type Viewer } from './access.ts';
import type { AttachmentRef, Upload } from './attachments.ts';
import { ownedProject } from './project-service.ts';
import { assertProjectEditable } from './project-states.ts';
import { STANDARD_NDA_TEXT } from './standard-nda.ts';

type Member = NonNullable<Viewer>;

const NO_AGREEMENT = 'This project has no confidentiality agreement.';
const ONLY_PDF = 'Upload your agreement as a PDF file.';
const LINK_NOT_VALID = 'This download link is not valid.';

/** The owner's own PDF becomes the agreement; acceptances of the previous one stop counting. */
export async function useCustomNda(
  ctx: ServiceContext,
  owner: SessionUser,
  projectId: string,
  upload: Upload,
): Promise<ProjectRow> {
  if (upload.type.mime !== 'application/pdf') {
    await upload.file.discard();
    throw new AppError('unsupported_media_type', ONLY_PDF, [{ field: 'file', message: ONLY_PDF }]);
  }
  const key = await upload.file.commit('nda-files', 'pdf');
  try {
    const { updated, previousKey } = await ctx.db.transaction(async (tx) => {
      const current = await ownedProject(tx, projectId, owner, true);
      assertProjectEditable(current.status);
      const [updated] = await tx
        .update(projects)
        .set({
          ndaMode: 'custom',
          ndaSha256: upload.file.sha256,
          ndaFileKey: key,
          ndaFileName: upload.fileName,
          updatedAt: sql`now()`,
        })
        .where(eq(projects.id, projectId))
        .returning();
      return { updated: updated!, previousKey: current.ndaFileKey };
    });
    if (previousKey) await ctx.files.remove(previousKey);
    return updated;
  } catch (error) {
    await ctx.files.remove(key);
    throw error;
  }
}

/** The agreement as a viewer who may see the project reads it before accepting. */
export async function ndaDocument(
  ctx: ServiceContext,
  viewer: Member,
  projectId: string,
): Promise<NdaDocument> {
  const { project } = await visibleProject(ctx.db, projectId, viewer);
  if (project.ndaMode === 'none' || !project.ndaSha256) throw notFound(NO_AGREEMENT);
  const [accepted] = await ctx.db
    .select({ signedName: ndaAcceptances.signedName, acceptedAt: ndaAcceptances.acceptedAt })
    .from(ndaAcceptances)
    .where(
      and(
        eq(ndaAcceptances.projectId, projectId),
        eq(ndaAcceptances.userId, viewer.id),
        eq(ndaAcceptances.documentSha256, project.ndaSha256),
      ),
    );
  return {
    mode: project.ndaMode,
    sha256: project.ndaSha256,
    text: project.ndaMode === 'standard' ? STANDARD_NDA_TEXT : null,
    file:
      project.ndaMode === 'custom' && project.ndaFileName
        ? { name: project.ndaFileName, url: `/api/projects/${projectId}/nda/file` }
        : null,
    acceptance: accepted
      ? { signedName: accepted.signedName, acceptedAt: accepted.acceptedAt.toISOString() }
      : null,
  };
}

/** The client's own agreement, to read before accepting: anyone who may see the project. */
export async function ndaFile(ctx: ServiceContext, viewer: Member, projectId: string): Promise<FileDownload> {
  const { project } = await visibleProject(ctx.db, projectId, viewer);
  const stored = project.ndaFileKey ? await ctx.files.get(project.ndaFileKey) : null;
  if (project.ndaMode !== 'custom' || !stored) throw notFound(NO_AGREEMENT);
  return { stored, contentType: 'application/pdf', fileName: project.ndaFileName ?? 'agreement.pdf' };
}

/**
 * Records the acceptance of the agreement the viewer read: the name they typed, the time, their
 * network address and the agreement's SHA-256. Accepting the same agreement again changes nothing.
 */
export async function acceptNda(
  ctx: ServiceContext,
  viewer: Member,
  projectId: string,
  input: NdaAcceptRequest,
  meta: RequestMeta,
): Promise<void> {
  const { project, relation } = await visibleProject(ctx.db, projectId, viewer);
  if (project.ndaMode === 'none' || !project.ndaSha256) throw conflict(NO_AGREEMENT);
  if (relation.isOwner)
    throw forbidden('This is your own project’s agreement: there is nothing for you to accept.');
  if (input.sha256 !== project.ndaSha256)
    throw conflict(
      'The client changed the agreement while you were reading it. Read the new version, then accept it.',
    );
  await ctx.db
    .insert(ndaAcceptances)
    .values({
      projectId,
      userId: viewer.id,
      signedName: input.signedName,
      documentSha256: project.ndaSha256,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    })
    .onConflictDoNothing();
}

/**
 * A one-time link to one confidential file, for this viewer, working for a few minutes: each
 * opening is then one row of the owner's access log.
 */
export async function downloadLink(
  ctx: ServiceContext,
  viewer: Member,
  { projectId, attachmentId }: AttachmentRef,
): Promise<DownloadLink> {
  const { project, relation } = await visibleProject(ctx.db, projectId, viewer);
  assertOpenFiles(project, relation);
  const [file] = await ctx.db
    .select({ id: projectAttachments.id, fileName: projectAttachments.fileName })
    .from(projectAttachments)
    .where(and(eq(projectAttachments.id, attachmentId), eq(projectAttachments.projectId, projectId)));
  if (!file) throw notFound('We could not find that attachment.');
  const token = newToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + DOWNLOAD_LINK_TTL_SECONDS * 1000);
  await ctx.db.insert(attachmentDownloads).values({
    projectId,
    attachmentId,
    fileName: file.fileName,
    userId: viewer.id,
    tokenHash: hashToken(token),
    expiresAt,
  });
  return { url: `/api/downloads/${token}`, expiresAt: expiresAt.toISOString() };
}

/** Why a link no longer opens: the project page says so (`?file=`), never a raw error. */
export type SpentLink = { spent: 'expired' | 'used'; projectId: string };

/**
 * Opens a one-time link: only for the member it was made for, once, before it expires, and only
 * while they may still read the brief. The opening is logged in the same statement that spends it.
 */
export async function openDownload(
  ctx: ServiceContext,
  viewer: Member,
  token: string,
): Promise<FileDownload | SpentLink> {
  const opened = await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(attachmentDownloads)
      .where(eq(attachmentDownloads.tokenHash, hashToken(token)))
      .for('update');
    if (!link || link.userId !== viewer.id) throw notFound(LINK_NOT_VALID);
    if (link.openedAt) return { spent: 'used', projectId: link.projectId } as const;
    if (link.expiresAt <= ctx.clock.now()) return { spent: 'expired', projectId: link.projectId } as const;
    const { project, relation } = await visibleProject(tx, link.projectId, viewer);
    assertOpenFiles(project, relation);
    const [file] = link.attachmentId
      ? await tx.select().from(projectAttachments).where(eq(projectAttachments.id, link.attachmentId))
      : [];
    if (!file) throw notFound('That file was removed from the project.');
    await tx
      .update(attachmentDownloads)
      .set({ openedAt: sql`now()` })
      .where(eq(attachmentDownloads.id, link.id));
    return file;
  });
  if ('spent' in opened) return opened;
  const stored = await ctx.files.get(opened.fileKey);
  if (!stored) throw notFound('That file was removed from the project.');
  return { stored, contentType: opened.contentType, fileName: opened.fileName };
}

/** Who accepted the agreement and who opened which file, for the owner and administrators. */
export async function confidentialityLog(
  ctx: ServiceContext,
  viewer: Member,
  projectId: string,
): Promise<ConfidentialityLog> {
  const { project, relation } = await visibleProject(ctx.db, projectId, viewer);
  if (!relation.isOwner && !relation.isAdmin)
    throw forbidden(
      'Only the owner of this project can read who accepted its agreement and opened its files.',
    );
  const name = sql.raw(`trim(u.first_name || ' ' || u.last_name)`);
  const acceptances = await rowsOf<{
    user_id: string;
    name: string;
    signed_name: string;
    accepted_at: Date | string;
    ip: string;
    sha: string;
  }>(
    ctx.db,
    sql`select u.id as user_id, ${name} as name, a.signed_name, a.accepted_at, a.ip, a.document_sha256 as sha
          from nda_acceptances a join users u on u.id = a.user_id
         where a.project_id = ${projectId}::uuid
         order by a.accepted_at desc`,
  );
  // Opened links only: a link asked for and never used, or expired, opened nothing.
  const downloads = await rowsOf<{
    user_id: string;
    name: string;
    file_name: string;
    opened_at: Date | string;
  }>(
    ctx.db,
    sql`select u.id as user_id, ${name} as name, d.file_name, d.opened_at
          from attachment_downloads d join users u on u.id = d.user_id
         where d.project_id = ${projectId}::uuid and d.opened_at is not null
         order by d.opened_at desc`,
  );
  return {
    acceptances: acceptances.map((row) => ({
      user: { id: row.user_id, name: row.name },
      signedName: row.signed_name,
      acceptedAt: new Date(row.accepted_at).toISOString(),
      ip: row.ip,
      sha256: row.sha,
      current: row.sha === project.ndaSha256,
    })),
    downloads: downloads.map((row) => ({
      user: { id: row.user_id, name: row.name },
      fileName: row.file_name,
      openedAt: new Date(row.opened_at).toISOString(),
    })),
  };
}
