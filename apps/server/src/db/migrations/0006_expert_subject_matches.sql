CREATE TABLE "expert_subject_matches" (
	"subject" text NOT NULL,
	"expert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"category" "expert_category",
	"rating_centi" integer NOT NULL,
	"available" boolean NOT NULL,
	"rate_usd_minor" integer,
	CONSTRAINT "expert_subject_matches_pk" PRIMARY KEY("subject","expert_id")
);
--> statement-breakpoint
ALTER TABLE "expert_subject_matches" ADD CONSTRAINT "expert_subject_matches_expert_id_expert_profiles_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."expert_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_subject_matches_expert_idx" ON "expert_subject_matches" USING btree ("expert_id");