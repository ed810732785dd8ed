import { z } from 'zod';
import { singleLineText } from './text.ts';

/**
 * Confidential projects (decision 064): the client may require a non-disclosure agreement, our
 * standard text or their own PDF, before an expert reads the full brief and its files.
 */
export const ndaModes = ['none', 'standard', 'custom'] as const;
export type NdaMode = (typeof ndaModes)[number];

/** What the project editor offers directly; `custom` comes from uploading the client's PDF. */
export const ndaChoiceSchema = z.enum(['none', 'standard'], { error: 'ndaMode must be none or standard.' });

export const NDA_SIGNED_NAME_MAX = 120;
/** How long a confidential file's download link works, from when it is asked for. */
export const DOWNLOAD_LINK_TTL_SECONDS = 300;

/** On a project's details: whether an agreement guards it, and whether this viewer may read on. */
export const confidentialitySchema = z.object({
  mode: z.enum(['standard', 'custom']),
  /** SHA-256 (hex) of the exact agreement: the standard text, or the bytes of the client's PDF. */
  sha256: z.string(),
  /** False until this viewer accepts the current agreement: the brief and files stay withheld. */
  unlocked: z.boolean(),
  /** When this viewer accepted the current agreement; null for the owner, admins, or not yet. */
  acceptedAt: z.string().nullable(),
});
export type Confidentiality = z.infer<typeof confidentialitySchema>;

/** GET /api/projects/:id/nda: the agreement to read before accepting. */
export const ndaDocumentSchema = z.object({
  mode: z.enum(['standard', 'custom']),
  sha256: z.string(),
  /** The standard agreement's full text; null for the client's own PDF. */
  text: z.string().nullable(),
  /** The client's PDF: its name, and where to read it. */
  file: z.object({ name: z.string(), url: z.string() }).nullable(),
  acceptance: z.object({ signedName: z.string(), acceptedAt: z.string() }).nullable(),
});
export type NdaDocument = z.infer<typeof ndaDocumentSchema>;

/** POST /api/projects/:id/nda/accept: the name typed as a signature, and the agreement read. */
export const ndaAcceptRequestSchema = z.strictObject({
  signedName: singleLineText('Your full name', NDA_SIGNED_NAME_MAX).pipe(
    z.string().min(2, 'Type your full name to sign the agreement.'),
  ),
  /** The sha256 of the agreement shown: if the client changed it meanwhile, nothing is accepted. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'That agreement is not one we showed you; reload the page.'),
});
export type NdaAcceptRequest = z.input<typeof ndaAcceptRequestSchema>;

/** POST /api/projects/:id/attachments/:attachmentId/link: a one-time link for one download. */
export const downloadLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

/** GET /api/projects/:id/confidentiality-log: for the owner and administrators. */
export const confidentialityLogSchema = z.object({
  acceptances: z.array(
    z.object({
      user: z.object({ id: z.string(), name: z.string() }),
      signedName: z.string(),
      acceptedAt: z.string(),
      ip: z.string(),
      sha256: z.string(),
      /** The agreement accepted is the one in force now (the client may have changed it since). */
      current: z.boolean(),
    }),
  ),
  downloads: z.array(
    z.object({
      user: z.object({ id: z.string(), name: z.string() }),
      fileName: z.string(),
      openedAt: z.string(),
    }),
  ),
});
export type ConfidentialityLog = z.infer<typeof confidentialityLogSchema>;
