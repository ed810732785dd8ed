CREATE TYPE "public"."profile_change_status" AS ENUM('pending', 'approved', 'declined', 'withdrawn');--> statement-breakpoint
CREATE TABLE "expert_profile_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" uuid NOT NULL,
	"status" "profile_change_status" DEFAULT 'pending' NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decline_reason" text
);
--> statement-breakpoint
ALTER TABLE "expert_profile_changes" ADD CONSTRAINT "expert_profile_changes_expert_id_expert_profiles_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."expert_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_profile_changes" ADD CONSTRAINT "expert_profile_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expert_profile_changes_one_pending" ON "expert_profile_changes" USING btree ("expert_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "expert_profile_changes_expert_idx" ON "expert_profile_changes" USING btree ("expert_id","created_at");--> statement-breakpoint
CREATE INDEX "expert_profile_changes_queue_idx" ON "expert_profile_changes" USING btree ("status","created_at","id");