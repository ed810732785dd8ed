-- expert_profiles.display_name copies the user's name so the generated search vector can read it.
-- Renames (PATCH /api/me) keep it in step; an account deletion (anonymisation) removes the public
-- profile, because a deleted person must not stay listed as an expert.
CREATE OR REPLACE FUNCTION expert_profiles_follow_user() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    DELETE FROM expert_profiles WHERE user_id = NEW.id;
  ELSIF NEW.first_name IS DISTINCT FROM OLD.first_name OR NEW.last_name IS DISTINCT FROM OLD.last_name THEN
    UPDATE expert_profiles
       SET display_name = trim(NEW.first_name || ' ' || NEW.last_name), updated_at = now()
     WHERE user_id = NEW.id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_expert_profile_sync
AFTER UPDATE OF first_name, last_name, deleted_at ON users
FOR EACH ROW EXECUTE FUNCTION expert_profiles_follow_user();
