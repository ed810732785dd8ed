CREATE TYPE "public"."oidc_state_kind" AS ENUM('authorization', 'pending_sign_up');--> statement-breakpoint
CREATE TABLE "oidc_login_states" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"kind" "oidc_state_kind" NOT NULL,
	"provider" text NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_identities" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "external_identities" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "oidc_login_states_expires_at_idx" ON "oidc_login_states" USING btree ("expires_at");