CREATE TYPE "public"."expert_availability" AS ENUM('available', 'limited', 'unavailable');--> statement-breakpoint
CREATE TYPE "public"."expert_category" AS ENUM('writers', 'data_analysts', 'consultants', 'product_developers', 'researchers');--> statement-breakpoint
CREATE TYPE "public"."rate_currency" AS ENUM('USD', 'EUR', 'GBP');--> statement-breakpoint
CREATE TYPE "public"."vetting_status" AS ENUM('draft', 'submitted', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "expert_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"display_name" text NOT NULL,
	"headline" text,
	"bio" text,
	"category" "expert_category",
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"hourly_rate_minor" integer,
	"currency" "rate_currency" DEFAULT 'USD' NOT NULL,
	"rate_usd_minor" integer,
	"country" text,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"orcid" text,
	"availability" "expert_availability" DEFAULT 'available' NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_centi" integer GENERATED ALWAYS AS (case when rating_count > 0 then (rating_sum * 100 + rating_count / 2) / rating_count else 0 end) STORED NOT NULL,
	"status" "vetting_status" DEFAULT 'draft' NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"rejection_reason" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (expert_search_vector(display_name, subjects, headline, bio)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" "expert_category",
	"expert_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD CONSTRAINT "expert_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD CONSTRAINT "expert_profiles_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expert_profiles_user_id_unique" ON "expert_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expert_profiles_slug_unique" ON "expert_profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "expert_profiles_search_idx" ON "expert_profiles" USING gin ("search_vector") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "expert_profiles_subjects_idx" ON "expert_profiles" USING gin ("subjects") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "expert_profiles_name_trgm_idx" ON "expert_profiles" USING gin ("display_name" gin_trgm_ops) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "expert_profiles_rating_idx" ON "expert_profiles" USING btree ("rating_centi","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "expert_profiles_rate_idx" ON "expert_profiles" USING btree ("rate_usd_minor","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "expert_profiles_category_rating_idx" ON "expert_profiles" USING btree ("category","rating_centi","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "expert_profiles_country_rating_idx" ON "expert_profiles" USING btree ("country","rating_centi","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "expert_profiles_queue_idx" ON "expert_profiles" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_name_unique" ON "subjects" USING btree ("name");--> statement-breakpoint
CREATE INDEX "subjects_name_trgm_idx" ON "subjects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);