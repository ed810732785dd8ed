DROP INDEX "expert_profiles_rating_idx";--> statement-breakpoint
DROP INDEX "expert_profiles_category_rating_idx";--> statement-breakpoint
DROP INDEX "expert_profiles_country_rating_idx";--> statement-breakpoint
ALTER TABLE "expert_profiles" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "expert_profiles" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD COLUMN "rating_score" integer GENERATED ALWAYS AS (((rating_sum * 100 + 2000 + (rating_count + 5) / 2) / (rating_count + 5))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD COLUMN "rank_score" integer GENERATED ALWAYS AS (case when availability = 'unavailable' then 0 else 1000 end + ((rating_sum * 100 + 2000 + (rating_count + 5) / 2) / (rating_count + 5))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "expert_profiles_rating_score_idx" ON "expert_profiles" USING btree ("rating_score","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "expert_profiles_rank_idx" ON "expert_profiles" USING btree ("rank_score","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "expert_profiles_category_rank_idx" ON "expert_profiles" USING btree ("category","rank_score","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "expert_profiles_country_rank_idx" ON "expert_profiles" USING btree ("country","rank_score","id") WHERE status = 'approved';--> statement-breakpoint
-- hand-written below

-- The weighted search document of an expert profile: name and subjects A, skills B, headline C,
-- bio D (docs/decisions/002-expert-search.md). IMMUTABLE: array_to_string is only STABLE because
-- of arbitrary element types; for text[] its result depends on nothing but its input.
CREATE FUNCTION expert_profile_search_vector(name text, subjects text[], skills text[], headline text, bio text)
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(subjects, ' '), '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(skills, ' '), '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(headline, '')), 'C')
      || setweight(to_tsvector('english'::regconfig, coalesce(bio, '')), 'D')
$$;
--> statement-breakpoint
CREATE FUNCTION expert_profiles_search_vector_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := expert_profile_search_vector(NEW.display_name, NEW.subjects, NEW.skills, NEW.headline, NEW.bio);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER expert_profiles_search_vector BEFORE INSERT OR UPDATE OF display_name, subjects, skills, headline, bio, search_vector
  ON expert_profiles FOR EACH ROW EXECUTE FUNCTION expert_profiles_search_vector_sync();
--> statement-breakpoint
UPDATE expert_profiles
SET search_vector = expert_profile_search_vector(display_name, subjects, skills, headline, bio);
