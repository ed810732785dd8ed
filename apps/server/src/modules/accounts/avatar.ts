import { AVATAR_MAX_BYTES } from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { IMAGE_HEAD_BYTES, mimeByExtension, sniffImageType } from '../files/image-types.ts';
import type { StagedFile, StoredFile } from '../files/store.ts';
import { receiveUpload, type FormBody } from '../files/upload.ts';
import type { SessionUser } from './sessions.ts';

const TOO_LARGE = `That picture is larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller one.`;
const WRONG_TYPE = 'Profile pictures must be PNG, JPEG or WebP images.';

export interface UploadedImage {
  /** Staged in the file store: replaceAvatar keeps it. */
  file: StagedFile;
  ext: string;
}

/** Receives the one file of a multipart upload, checking size while streaming and type by content. */
export async function readAvatarUpload(ctx: ServiceContext, body: FormBody): Promise<UploadedImage> {
  const { file } = await receiveUpload(body, ctx.files, {
    maxBytes: AVATAR_MAX_BYTES,
    messages: {
      notMultipart: 'Upload the picture as multipart/form-data.',
      noFile: 'Choose a picture to upload.',
      tooLarge: TOO_LARGE,
    },
  });
  try {
    const type = sniffImageType(await file.read(0, IMAGE_HEAD_BYTES));
    if (!type)
      throw new AppError('unsupported_media_type', WRONG_TYPE, [{ field: 'file', message: WRONG_TYPE }]);
    return { file, ext: type.ext };
  } catch (error) {
    await file.discard();
    throw error;
  }
}

export async function replaceAvatar(
  ctx: ServiceContext,
  user: SessionUser,
  image: UploadedImage,
): Promise<SessionUser> {
  const key = await image.file.commit('avatars', image.ext).catch(async (error: unknown) => {
    await image.file.discard();
    throw error;
  });
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

/** A user's profile picture and its type, for the route to send. */
export async function avatarImage(
  ctx: ServiceContext,
  userId: string,
): Promise<{ stored: StoredFile; contentType: string }> {
  const [row] = await ctx.db
    .select({ key: users.avatarKey })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const stored = row?.key ? await ctx.files.get(row.key) : null;
  if (!row?.key || !stored) throw notFound('This user has no profile picture.');
  const ext = row.key.split('.').pop() ?? '';
  return { stored, contentType: mimeByExtension[ext] ?? 'application/octet-stream' };
}
