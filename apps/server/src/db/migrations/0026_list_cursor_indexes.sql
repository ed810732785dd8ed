DROP INDEX "project_invitations_expert_idx";--> statement-breakpoint
DROP INDEX "projects_owner_idx";--> statement-breakpoint
CREATE INDEX "project_invitations_project_idx" ON "project_invitations" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_activity_idx" ON "conversations" USING btree ((coalesce("last_message_at", "created_at")) desc,"id" desc);--> statement-breakpoint
CREATE INDEX "project_invitations_expert_idx" ON "project_invitations" USING btree ("expert_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);