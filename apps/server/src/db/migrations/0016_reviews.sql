CREATE TYPE "public"."review_side" AS ENUM('client', 'expert');--> statement-breakpoint
CREATE TABLE "review_replies" (
	"review_id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid,
	"author_side" "review_side" NOT NULL,
	"author_id" uuid,
	"subject_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"quality" smallint,
	"communication" smallint,
	"timeliness" smallint,
	"body" text NOT NULL,
	"seeded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "reviews_rating_range" CHECK (rating between 1 and 5),
	CONSTRAINT "reviews_categories_range" CHECK (coalesce(quality, 1) between 1 and 5 and coalesce(communication, 1) between 1 and 5 and coalesce(timeliness, 1) between 1 and 5),
	CONSTRAINT "reviews_categories_together" CHECK ((quality is null and communication is null and timeliness is null) or (author_side = 'client' and quality is not null and communication is not null and timeliness is not null)),
	CONSTRAINT "reviews_real_or_seeded" CHECK (seeded or (contract_id is not null and author_id is not null and (author_side = 'expert' or quality is not null))),
	CONSTRAINT "reviews_seeded_published" CHECK (not seeded or published_at is not null)
);
--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_contract_side_unique" ON "reviews" USING btree ("contract_id","author_side");--> statement-breakpoint
CREATE INDEX "reviews_subject_published_idx" ON "reviews" USING btree ("subject_id","author_side","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE published_at is not null;--> statement-breakpoint
-- hand-written below

-- Reviews are immutable once written: the only change allowed is publishing a hidden review
-- (published_at from null to a time, once); nothing is ever deleted.
CREATE FUNCTION reviews_publish_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.published_at IS NULL AND NEW.published_at IS NOT NULL
     AND ROW(NEW.id, NEW.contract_id, NEW.author_side, NEW.author_id, NEW.subject_id, NEW.rating, NEW.quality,
             NEW.communication, NEW.timeliness, NEW.body, NEW.seeded, NEW.created_at)
         IS NOT DISTINCT FROM
         ROW(OLD.id, OLD.contract_id, OLD.author_side, OLD.author_id, OLD.subject_id, OLD.rating, OLD.quality,
             OLD.communication, OLD.timeliness, OLD.body, OLD.seeded, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'reviews are immutable: % refused (only publishing a hidden review is allowed)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_immutable BEFORE UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_publish_only();
--> statement-breakpoint
CREATE TRIGGER review_replies_append_only BEFORE UPDATE OR DELETE ON review_replies
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint

-- Seeded demo ratings become seeded review rows: for each given expert without seeded reviews,
-- rating_count published client reviews whose stars add up to rating_sum (as evenly as whole
-- stars allow), marked seeded. Then every given profile's numbers are recounted from its rows, so
-- rating_sum / rating_count are a sum of review rows for everyone. The seed calls this too.
CREATE FUNCTION seed_expert_reviews(expert_user_ids uuid[]) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  made integer;
BEGIN
  INSERT INTO reviews (author_side, subject_id, rating, body, seeded, created_at, published_at)
  SELECT 'client', p.user_id,
         greatest(1, least(5, p.rating_sum / p.rating_count
                               + CASE WHEN i <= p.rating_sum % p.rating_count THEN 1 ELSE 0 END)),
         (ARRAY[
           'Clear, thorough work delivered on schedule. I would hire again.',
           'Excellent grasp of the subject and very responsive to our questions.',
           'The report was well structured and easy for our team to act on.',
           'Good communication throughout; small revisions were handled quickly.',
           'Deep expertise and practical advice: exactly what the project needed.',
           'Reliable and professional. The analysis was careful and well documented.',
           'Helpful from the first call, and explained the methods in plain language.',
           'Solid work that answered the brief; we will work together again.'
         ])[1 + ((i + hashtext(p.user_id::text)::bigint) % 8 + 8) % 8],
         true,
         p.created_at - make_interval(days => i * 9),
         p.created_at - make_interval(days => i * 9)
  FROM expert_profiles p
  CROSS JOIN LATERAL generate_series(1, p.rating_count) AS i
  WHERE p.user_id = ANY (expert_user_ids) AND p.rating_count > 0
    AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.subject_id = p.user_id AND r.seeded);
  GET DIAGNOSTICS made = ROW_COUNT;
  UPDATE expert_profiles p SET rating_sum = s.total, rating_count = s.n
  FROM (SELECT subject_id, sum(rating)::int AS total, count(*)::int AS n
        FROM reviews
        WHERE subject_id = ANY (expert_user_ids) AND author_side = 'client' AND published_at IS NOT NULL
        GROUP BY subject_id) s
  WHERE p.user_id = s.subject_id AND (p.rating_sum, p.rating_count) IS DISTINCT FROM (s.total, s.n);
  RETURN made;
END;
$$;
--> statement-breakpoint
SELECT seed_expert_reviews(ARRAY(SELECT user_id FROM expert_profiles WHERE rating_count > 0));
