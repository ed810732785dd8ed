CREATE TYPE "public"."milestone_party" AS ENUM('client', 'expert');--> statement-breakpoint
CREATE TYPE "public"."card_refund_state" AS ENUM('created', 'succeeded');--> statement-breakpoint
CREATE TYPE "public"."escrow_outcome" AS ENUM('posted', 'voided', 'split');--> statement-breakpoint
CREATE TYPE "public"."ledger_account_kind" AS ENUM('client_funding', 'escrow', 'expert_available', 'expert_payout_in_transit', 'platform_fees', 'external_payouts');--> statement-breakpoint
CREATE TYPE "public"."ledger_transaction_kind" AS ENUM('fund', 'release', 'refund', 'split', 'bonus');--> statement-breakpoint
CREATE TYPE "public"."payment_attempt_state" AS ENUM('created', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."payment_purpose" AS ENUM('fund', 'bonus');--> statement-breakpoint
CREATE TABLE "card_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" "rate_currency" NOT NULL,
	"state" "card_refund_state" DEFAULT 'created' NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contract_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"milestone_id" uuid,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escrow_holds" (
	"milestone_id" uuid PRIMARY KEY NOT NULL,
	"funding_transaction_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"fee_minor" integer NOT NULL,
	"currency" "rate_currency" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "escrow_holds_funding_tx_unique" UNIQUE("funding_transaction_id")
);
--> statement-breakpoint
CREATE TABLE "escrow_settlements" (
	"milestone_id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"outcome" "escrow_outcome" NOT NULL,
	"to_expert_minor" integer NOT NULL,
	"to_client_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "escrow_settlements_tx_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"user_id" uuid,
	"milestone_id" uuid,
	"owner" uuid GENERATED ALWAYS AS (coalesce(milestone_id, user_id, '00000000-0000-0000-0000-000000000000'::uuid)) STORED NOT NULL,
	"currency" "rate_currency" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_id_currency_unique" UNIQUE("id","currency")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" "rate_currency" NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_transaction_kind" NOT NULL,
	"contract_id" uuid,
	"milestone_id" uuid,
	"created_by" uuid,
	"memo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"milestone_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"note" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" "payment_purpose" NOT NULL,
	"milestone_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"fee_minor" integer NOT NULL,
	"currency" "rate_currency" NOT NULL,
	"provider" text NOT NULL,
	"payment_token" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"state" "payment_attempt_state" DEFAULT 'created' NOT NULL,
	"provider_charge_id" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"token" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_key" text NOT NULL,
	"name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_milestones" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "contract_milestones" ALTER COLUMN "status" SET DEFAULT 'pending'::text;--> statement-breakpoint
DROP TYPE "public"."milestone_status";--> statement-breakpoint
CREATE TYPE "public"."milestone_status" AS ENUM('proposed', 'pending', 'funded', 'submitted', 'revision_requested', 'disputed', 'released', 'refunded', 'split', 'cancelled');--> statement-breakpoint
ALTER TABLE "contract_milestones" ALTER COLUMN "status" SET DEFAULT 'pending'::"public"."milestone_status";--> statement-breakpoint
ALTER TABLE "contract_milestones" ALTER COLUMN "status" SET DATA TYPE "public"."milestone_status" USING "status"::"public"."milestone_status";--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "criteria" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "proposed_by" "milestone_party";--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "funded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "auto_release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "revision_reason" text;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "revision_unmet" jsonb;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "revision_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "dispute_opened_by" "milestone_party";--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "dispute_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "dispute_resolution" text;--> statement-breakpoint
ALTER TABLE "contract_milestones" ADD COLUMN "dispute_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "client_fee_bps" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "client_fee_bps" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "expert_fee_bps" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "expert_fee_bps" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "auto_release_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "auto_release_days" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_activity" ADD CONSTRAINT "contract_activity_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_activity" ADD CONSTRAINT "contract_activity_milestone_id_contract_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."contract_milestones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_activity" ADD CONSTRAINT "contract_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_holds" ADD CONSTRAINT "escrow_holds_milestone_id_contract_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."contract_milestones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_holds" ADD CONSTRAINT "escrow_holds_funding_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("funding_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_settlements" ADD CONSTRAINT "escrow_settlements_milestone_id_escrow_holds_milestone_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."escrow_holds"("milestone_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_settlements" ADD CONSTRAINT "escrow_settlements_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_milestone_id_contract_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."contract_milestones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_currency_fk" FOREIGN KEY ("account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_milestone_id_contract_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."contract_milestones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_submissions" ADD CONSTRAINT "milestone_submissions_milestone_id_contract_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."contract_milestones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_submissions" ADD CONSTRAINT "milestone_submissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_milestone_id_contract_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."contract_milestones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_milestone_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."milestone_submissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_refunds_open_idx" ON "card_refunds" USING btree ("created_at") WHERE state = 'created';--> statement-breakpoint
CREATE INDEX "contract_activity_contract_time_idx" ON "contract_activity" USING btree ("contract_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_unique" ON "jobs" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE done_at is null and failed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_unique" ON "ledger_accounts" USING btree ("kind","owner","currency");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_time_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_milestone_idx" ON "ledger_transactions" USING btree ("milestone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_submissions_version_unique" ON "milestone_submissions" USING btree ("milestone_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_live_unique" ON "payment_attempts" USING btree ("milestone_id","purpose") WHERE state in ('created', 'succeeded');--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("created_at") WHERE state = 'created';--> statement-breakpoint
CREATE UNIQUE INDEX "submission_files_position_unique" ON "submission_files" USING btree ("submission_id","position");--> statement-breakpoint
CREATE INDEX "contract_milestones_disputed_idx" ON "contract_milestones" USING btree ("dispute_opened_at") WHERE status = 'disputed';