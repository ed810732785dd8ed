-- Trigram matching for typo-tolerant search and subject suggestions (PGlite loads the module in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The weighted search document of an expert: name and subjects A, headline B, bio C.
-- Declared IMMUTABLE so a stored generated column can use it: array_to_string is only STABLE
-- because of arbitrary element types, and for text[] its result depends on nothing but its input.
CREATE OR REPLACE FUNCTION expert_search_vector(name text, subjects text[], headline text, bio text)
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(subjects, ' '), '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(headline, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(bio, '')), 'C')
$$;
