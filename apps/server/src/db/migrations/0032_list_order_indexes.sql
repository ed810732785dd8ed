DROP INDEX "projects_public_open_idx";--> statement-breakpoint
DROP INDEX "projects_open_category_idx";--> statement-breakpoint
CREATE INDEX "projects_public_open_idx" ON "projects" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'open' and visibility = 'public';--> statement-breakpoint
CREATE INDEX "projects_open_category_idx" ON "projects" USING btree ("category","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'open';