ALTER TABLE "expert_profiles" ADD COLUMN "name_subjects_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- hand-written below (docs/decisions/071-a-vector-for-names-and-subjects.md)

-- The weight-A class of the search document: name and subjects. search_vector is rebuilt from
-- this function, so the two cannot disagree.
CREATE FUNCTION expert_profile_name_subjects_vector(name text, subjects text[])
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(subjects, ' '), '')), 'A')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION expert_profile_search_vector(name text, subjects text[], skills text[], headline text, bio text)
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT expert_profile_name_subjects_vector(name, subjects)
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(skills, ' '), '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(headline, '')), 'C')
      || setweight(to_tsvector('english'::regconfig, coalesce(bio, '')), 'D')
$$;
--> statement-breakpoint
-- What the name tier matches, in name_subjects_vector. The rank index carries it (below), and an
-- index row holds at most 2,704 bytes, which the contract's character limits do not bound (a
-- word in some scripts takes 3-4 bytes a character). A vector over 2,000 bytes is left empty:
-- that profile's name and subject words are still found, with the skills' matches (tier 2).
CREATE FUNCTION expert_profile_name_tier_vector(name text, subjects text[])
RETURNS tsvector
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN pg_column_size(v) <= 2000 THEN v ELSE ''::tsvector END
    FROM (SELECT expert_profile_name_subjects_vector(name, subjects) AS v) AS whole
$$;
--> statement-breakpoint
-- Before the trigger lists the new column: this update then sets it alone, leaving the rest.
UPDATE expert_profiles SET name_subjects_vector = expert_profile_name_tier_vector(display_name, subjects);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION expert_profiles_search_vector_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.name_subjects_vector := expert_profile_name_tier_vector(NEW.display_name, NEW.subjects);
  NEW.search_vector := expert_profile_search_vector(NEW.display_name, NEW.subjects, NEW.skills, NEW.headline, NEW.bio);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- A write to either vector is rewritten from the profile, as a write to search_vector was.
DROP TRIGGER expert_profiles_search_vector ON expert_profiles;
--> statement-breakpoint
CREATE TRIGGER expert_profiles_search_vector
  BEFORE INSERT OR UPDATE OF display_name, subjects, skills, headline, bio, search_vector, name_subjects_vector
  ON expert_profiles FOR EACH ROW EXECUTE FUNCTION expert_profiles_search_vector_sync();
--> statement-breakpoint
CREATE INDEX "expert_profiles_name_subjects_idx" ON "expert_profiles" USING gin ("name_subjects_vector") WHERE status = 'approved';
--> statement-breakpoint
-- The rank index carries the name tier's vector, so walking it in rank order to fill a page of
-- name matches reads the index alone, not a table row for every expert it passes over. drizzle
-- cannot declare INCLUDE: the schema names the keys only.
DROP INDEX "expert_profiles_rank_idx";
--> statement-breakpoint
CREATE INDEX "expert_profiles_rank_idx" ON "expert_profiles" USING btree ("rank_score","id")
  INCLUDE ("name_subjects_vector") WHERE status = 'approved';
--> statement-breakpoint
-- The tiers are planned from the new column's statistics; without them the planner guesses.
ANALYZE "expert_profiles";
