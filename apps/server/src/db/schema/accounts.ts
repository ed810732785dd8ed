import { dashboardModes } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['member', 'admin']);
export const heardFrom = pgEnum('heard_from', [
  'google',
  'linkedin',
  'friend',
  'conference',
  'article',
  'other',
]);

/** The last Freelancer / Project Owner choice (contracts' dashboardModes); null until the first. */
export const dashboardMode = pgEnum('dashboard_mode', dashboardModes);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    /** argon2id PHC string; null for accounts that only sign in through an identity provider. */
    passwordHash: text('password_hash'),
    role: userRole('role').notNull().default('member'),
    avatarKey: text('avatar_key'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    heardFrom: heardFrom('heard_from'),
    newsletterOptIn: boolean('newsletter_opt_in').notNull().default(false),
    dashboardMode: dashboardMode('dashboard_mode'),
    /**
     * Deleted accounts are anonymised, not removed: contracts, messages and ledger accounts still
     * point at them (docs/decisions/026-deleted-accounts-anonymised.md).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set by an administrator (admin/suspensions.ts): no session works and sign-in is refused. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The administrator's reason, shown to the person when they try to sign in. */
    suspensionReason: text('suspension_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // The admin console's people list, newest first, by page.
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('users_suspension_has_reason', sql`(${t.suspendedAt} is null) = (${t.suspensionReason} is null)`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

/** Links that confirm an account's e-mail address: single-use, expiring, stored only as hashes. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_hash_unique').on(t.tokenHash),
    index('email_verification_tokens_user_id_idx').on(t.userId),
  ],
);

/**
 * Browsers that have signed in to an account with its password (a long-lived device cookie). The
 * owner signing in from one is not slowed down by strangers' failed guesses at the account.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the device cookie's token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('known_devices_token_hash_unique').on(t.tokenHash),
    index('known_devices_user_id_idx').on(t.userId),
  ],
);

/** (issuer, subject) of an OpenID provider -> user. */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The e-mail the provider named when the identity was linked: shown in Settings, never used to match. */
    email: text('email'),
    /**
     * The ORCID iD (the `sub`, checksum-checked) when the identity came from an ORCID provider:
     * the only source of an expert's "verified ORCID" mark. Set at link time, never from a form.
     */
    orcidId: text('orcid_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('external_identities_issuer_subject_unique').on(t.issuer, t.subject),
    index('external_identities_user_id_idx').on(t.userId),
    // Cards and profiles look up each expert's verified iD by user: a small partial index.
    index('external_identities_orcid_user_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.orcidId} is not null`),
  ],
);

export const oidcStateKind = pgEnum('oidc_state_kind', ['authorization', 'pending_sign_up']);

/**
 * Server-side half of an OpenID sign-in in progress: the browser holds only a random key in a
 * short-lived cookie; the PKCE verifier, state, nonce and where to go next stay here. A row is
 * deleted as it is read, so each one is used at most once.
 */
export const oidcLoginStates = pgTable(
  'oidc_login_states',
  {
    /** SHA-256 of the cookie's key, hex. */
    keyHash: text('key_hash').primaryKey(),
    kind: oidcStateKind('kind').notNull(),
    provider: text('provider').notNull(),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oidc_login_states_expires_at_idx').on(t.expiresAt)],
);
