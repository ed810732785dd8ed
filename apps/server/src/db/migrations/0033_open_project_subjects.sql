CREATE TABLE "open_project_subjects" (
	"subject" text NOT NULL,
	"project_id" uuid NOT NULL,
	"category" "expert_category",
	"published_at" timestamp with time zone,
	CONSTRAINT "open_project_subjects_pk" PRIMARY KEY("subject","project_id")
);
--> statement-breakpoint
DROP INDEX "projects_open_subjects_idx";--> statement-breakpoint
DROP INDEX "projects_open_search_idx";--> statement-breakpoint
ALTER TABLE "open_project_subjects" ADD CONSTRAINT "open_project_subjects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_project_subjects_newest_idx" ON "open_project_subjects" USING btree ("subject","published_at" DESC NULLS FIRST,"project_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "open_project_subjects_category_idx" ON "open_project_subjects" USING btree ("subject","category","published_at" DESC NULLS FIRST,"project_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "open_project_subjects_project_idx" ON "open_project_subjects" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "projects_open_match_idx" ON "projects" USING gin ("subjects","search_vector") WHERE status = 'open';--> statement-breakpoint
-- Publishing always set the time; a row written by hand without one takes its creation time.
UPDATE "projects" SET "published_at" = "created_at" WHERE "status" = 'open' AND "published_at" IS NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_open_published" CHECK ("projects"."status" <> 'open' or "projects"."published_at" is not null);--> statement-breakpoint
-- open_project_subjects mirrors every open public project: one row per subject. Any change to
-- what browse reads from it (status, visibility, subjects, category, published_at) rewrites the
-- project's rows; a deleted project loses them by the foreign key's cascade.
CREATE OR REPLACE FUNCTION open_project_subjects_sync() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM open_project_subjects WHERE project_id = OLD.id;
  END IF;
  IF NEW.status = 'open' AND NEW.visibility = 'public' THEN
    INSERT INTO open_project_subjects (subject, project_id, category, published_at)
    SELECT DISTINCT subject, NEW.id, NEW.category, NEW.published_at
      FROM unnest(NEW.subjects) AS subject;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_open_subjects
AFTER INSERT OR UPDATE OF status, visibility, subjects, category, published_at
ON projects
FOR EACH ROW EXECUTE FUNCTION open_project_subjects_sync();
--> statement-breakpoint
INSERT INTO open_project_subjects (subject, project_id, category, published_at)
SELECT DISTINCT subject, p.id, p.category, p.published_at
  FROM projects p, unnest(p.subjects) AS subject
 WHERE p.status = 'open' AND p.visibility = 'public'
ON CONFLICT DO NOTHING;
