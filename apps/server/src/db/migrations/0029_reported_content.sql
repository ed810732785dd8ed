CREATE TYPE "public"."report_reason" AS ENUM('spam', 'harassment', 'off_platform', 'confidential', 'misleading', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'removed', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."report_subject" AS ENUM('project', 'message');--> statement-breakpoint
ALTER TYPE "public"."admin_action" ADD VALUE 'content_removed';--> statement-breakpoint
ALTER TYPE "public"."admin_action" ADD VALUE 'report_dismissed';--> statement-breakpoint
CREATE TABLE "content_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"subject" "report_subject" NOT NULL,
	"project_id" uuid,
	"message_id" uuid,
	"reason" "report_reason" NOT NULL,
	"details" text,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reports_one_subject" CHECK (("content_reports"."subject" = 'project' and "content_reports"."project_id" is not null and "content_reports"."message_id" is null)
        or ("content_reports"."subject" = 'message' and "content_reports"."message_id" is not null and "content_reports"."project_id" is null)),
	CONSTRAINT "content_reports_decided" CHECK (("content_reports"."status" = 'open') = ("content_reports"."decided_at" is null) and ("content_reports"."decided_at" is null) = ("content_reports"."decided_by" is null))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "removal_reason" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_project_reporter_unique" ON "content_reports" USING btree ("project_id","reporter_id") WHERE "content_reports"."project_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_message_reporter_unique" ON "content_reports" USING btree ("message_id","reporter_id") WHERE "content_reports"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "content_reports_queue_idx" ON "content_reports" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- hand-written below
ALTER TABLE "projects" ADD CONSTRAINT "projects_removal_has_reason" CHECK (("removed_at" is null) = ("removal_reason" is null));
