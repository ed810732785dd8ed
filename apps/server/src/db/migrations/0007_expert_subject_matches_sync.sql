-- expert_subject_matches mirrors every approved, not unavailable expert profile: one row per
-- subject. Any change to what matching reads (status, availability, subjects, category, rating,
-- rate) rewrites the expert's rows; a deleted profile loses them by the foreign key's cascade.
CREATE OR REPLACE FUNCTION expert_subject_matches_sync() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM expert_subject_matches WHERE expert_id = OLD.id;
  END IF;
  IF NEW.status = 'approved' AND NEW.availability <> 'unavailable' THEN
    INSERT INTO expert_subject_matches (subject, expert_id, user_id, category, rating_centi, available, rate_usd_minor)
    SELECT DISTINCT subject, NEW.id, NEW.user_id, NEW.category, NEW.rating_centi,
           NEW.availability = 'available', NEW.rate_usd_minor
      FROM unnest(NEW.subjects) AS subject;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER expert_profiles_subject_matches
AFTER INSERT OR UPDATE OF status, availability, subjects, category, rating_sum, rating_count, rate_usd_minor, user_id
ON expert_profiles
FOR EACH ROW EXECUTE FUNCTION expert_subject_matches_sync();
--> statement-breakpoint
INSERT INTO expert_subject_matches (subject, expert_id, user_id, category, rating_centi, available, rate_usd_minor)
SELECT DISTINCT subject, p.id, p.user_id, p.category, p.rating_centi, p.availability = 'available', p.rate_usd_minor
  FROM expert_profiles p, unnest(p.subjects) AS subject
 WHERE p.status = 'approved' AND p.availability <> 'unavailable'
ON CONFLICT DO NOTHING;
