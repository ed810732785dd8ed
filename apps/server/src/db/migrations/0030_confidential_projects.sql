CREATE TYPE "public"."nda_mode" AS ENUM('none', 'standard', 'custom');--> statement-breakpoint
CREATE TABLE "attachment_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"attachment_id" uuid,
	"file_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nda_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"signed_name" text NOT NULL,
	"document_sha256" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "nda_mode" "nda_mode" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "nda_sha256" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "nda_file_key" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "nda_file_name" text;--> statement-breakpoint
ALTER TABLE "attachment_downloads" ADD CONSTRAINT "attachment_downloads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_downloads" ADD CONSTRAINT "attachment_downloads_attachment_id_project_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."project_attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_downloads" ADD CONSTRAINT "attachment_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_downloads_token_unique" ON "attachment_downloads" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "attachment_downloads_log_idx" ON "attachment_downloads" USING btree ("project_id","opened_at" DESC NULLS LAST) WHERE "attachment_downloads"."opened_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "nda_acceptances_unique" ON "nda_acceptances" USING btree ("project_id","user_id","document_sha256");--> statement-breakpoint
-- hand-written below
ALTER TABLE "projects" ADD CONSTRAINT "projects_nda_complete" CHECK (
  ("nda_mode" = 'none' and "nda_sha256" is null and "nda_file_key" is null)
  or ("nda_mode" = 'standard' and "nda_sha256" is not null and "nda_file_key" is null)
  or ("nda_mode" = 'custom' and "nda_sha256" is not null and "nda_file_key" is not null and "nda_file_name" is not null));
--> statement-breakpoint
-- An acceptance is evidence: it stays as it was recorded (refuse_change is migration 0012's).
CREATE TRIGGER nda_acceptances_append_only BEFORE UPDATE OR DELETE ON nda_acceptances
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
