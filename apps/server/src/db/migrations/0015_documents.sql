CREATE TYPE "public"."document_kind" AS ENUM('funding_receipt', 'fee_invoice', 'payout_statement', 'credit_note');--> statement-breakpoint
CREATE TYPE "public"."document_series" AS ENUM('invoice', 'receipt', 'statement');--> statement-breakpoint
CREATE TABLE "billing_entities" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organisation_name" text NOT NULL,
	"address" text NOT NULL,
	"tax_id" text,
	"default_cost_centre" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_billing" (
	"contract_id" uuid PRIMARY KEY NOT NULL,
	"purchase_order_number" text,
	"cost_centre" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" "document_series" NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "issued_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "document_kind" NOT NULL,
	"series" "document_series" NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"contract_id" uuid,
	"milestone_id" uuid,
	"ledger_transaction_id" uuid,
	"corrects_id" uuid,
	"currency" "rate_currency" NOT NULL,
	"total_minor" integer NOT NULL,
	"facts" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "issued_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "issued_documents_series_sequence_unique" UNIQUE("series","year","sequence"),
	CONSTRAINT "issued_documents_kind_transaction_unique" UNIQUE("kind","ledger_transaction_id","recipient_id"),
	CONSTRAINT "issued_documents_sequence_positive" CHECK ("issued_documents"."sequence" > 0)
);
--> statement-breakpoint
ALTER TABLE "billing_entities" ADD CONSTRAINT "billing_entities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_billing" ADD CONSTRAINT "contract_billing_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_milestone_id_contract_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."contract_milestones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issued_documents_recipient_idx" ON "issued_documents" USING btree ("recipient_id","issued_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "issued_documents_contract_idx" ON "issued_documents" USING btree ("contract_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written below
-- An issued document never changes (issue 14): a correction is a new document naming the old one.
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_corrects_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."issued_documents"("id") ON DELETE restrict;
--> statement-breakpoint
CREATE TRIGGER issued_documents_append_only BEFORE UPDATE OR DELETE ON issued_documents
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER issued_documents_no_truncate BEFORE TRUNCATE ON issued_documents
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
