import { AVATAR_MAX_BYTES } from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { mimeByExtension, sniffImageType } from '../files/store.ts';
import type { SessionUser } from './sessions.ts';

const TOO_LARGE = `That picture is larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller one.`;
const WRONG_TYPE = 'Profile pictures must be PNG, JPEG or WebP images.';

export interface UploadedImage {
  data: Buffer;
  ext: string;
}

/** Reads the one file of a multipart upload, checking size while streaming and type by content. */
export async function readAvatarUpload(request: FastifyRequest): Promise<UploadedImage> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Upload the picture as multipart/form-data.');
  const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
  if (!file) throw invalid('Choose a picture to upload.', [{ field: 'file', message: 'No file was sent.' }]);
  const data = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', TOO_LARGE);
    throw error;
  });
  if (file.file.truncated) throw new AppError('payload_too_large', TOO_LARGE);
  const type = sniffImageType(data);
  if (!type)
    throw new AppError('unsupported_media_type', WRONG_TYPE, [{ field: 'file', message: WRONG_TYPE }]);
  return { data, ext: type.ext };
}

export async function replaceAvatar(
  ctx: ServiceContext,
  user: SessionUser,
  image: UploadedImage,
): Promise<SessionUser> {
  const key = await ctx.files.put('avatars', image.ext, image.data);
  const [updated] = await ctx.db
    .update(users)
    .set({ avatarKey: key, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  if (user.avatarKey) await ctx.files.remove(user.avatarKey);
  return updated!;
}

export async function removeAvatar(ctx: ServiceContext, user: SessionUser): Promise<SessionUser> {
  const [updated] = await ctx.db
    .update(users)
    .set({ avatarKey: null, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  if (user.avatarKey) await ctx.files.remove(user.avatarKey);
  return updated!;
}

export async function sendAvatar(ctx: ServiceContext, userId: string, reply: FastifyReply) {
  const [row] = await ctx.db
    .select({ key: users.avatarKey })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const data = row?.key ? await ctx.files.get(row.key) : null;
  if (!row?.key || !data) throw notFound('This user has no profile picture.');
  const ext = row.key.split('.').pop() ?? '';
  return reply
    .header('content-type', mimeByExtension[ext] ?? 'application/octet-stream')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(data);
}
