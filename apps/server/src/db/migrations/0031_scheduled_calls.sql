CREATE TYPE "public"."call_status" AS ENUM('proposed', 'confirmed', 'cancelled');--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organizer_id" uuid NOT NULL,
	"attendee_id" uuid NOT NULL,
	"contract_id" uuid,
	"topic" text NOT NULL,
	"agenda" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"status" "call_status" DEFAULT 'proposed' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"time_zone" text,
	"offered_starts" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"offered_by" uuid,
	"offered_time_zone" text,
	"reschedule_reason" text,
	"sort_at" timestamp with time zone NOT NULL,
	"meeting_url" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"notes" text,
	"notes_updated_at" timestamp with time zone,
	"notes_updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calls_two_people" CHECK ("calls"."organizer_id" <> "calls"."attendee_id"),
	CONSTRAINT "calls_duration" CHECK ("calls"."duration_minutes" in (15, 30, 45, 60, 90)),
	CONSTRAINT "calls_confirmed_has_time" CHECK (("calls"."starts_at" is null) = ("calls"."ends_at" is null) and ("calls"."starts_at" is null) = ("calls"."time_zone" is null)
        and ("calls"."status" <> 'confirmed' or "calls"."starts_at" is not null)),
	CONSTRAINT "calls_offer_complete" CHECK ((cardinality("calls"."offered_starts") > 0) = ("calls"."offered_by" is not null)
        and ("calls"."offered_by" is null) = ("calls"."offered_time_zone" is null)),
	CONSTRAINT "calls_cancelled" CHECK (("calls"."status" = 'cancelled') = ("calls"."cancelled_at" is not null)
        and ("calls"."cancelled_at" is null) = ("calls"."cancel_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "dev_outbox" ADD COLUMN "calendar" text;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_attendee_id_users_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_notes_updated_by_users_id_fk" FOREIGN KEY ("notes_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_organizer_sort_idx" ON "calls" USING btree ("organizer_id","sort_at");--> statement-breakpoint
CREATE INDEX "calls_attendee_sort_idx" ON "calls" USING btree ("attendee_id","sort_at");--> statement-breakpoint
CREATE INDEX "calls_contract_idx" ON "calls" USING btree ("contract_id") WHERE "calls"."contract_id" is not null;