CREATE TYPE "public"."payout_state" AS ENUM('requested', 'in_transit', 'paid', 'failed');--> statement-breakpoint
ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'payout';--> statement-breakpoint
ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'payout_paid';--> statement-breakpoint
ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'payout_returned';--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"bank_name" text,
	"last4" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"currency" "rate_currency" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" "rate_currency" NOT NULL,
	"state" "payout_state" DEFAULT 'requested' NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"bank_name" text,
	"last4" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"request_transaction_id" uuid NOT NULL,
	"settle_transaction_id" uuid,
	"provider_payout_id" text,
	"expected_arrival_at" timestamp with time zone,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_request_tx_unique" UNIQUE("request_transaction_id"),
	CONSTRAINT "payouts_settle_tx_unique" UNIQUE("settle_transaction_id"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_minor" > 0),
	CONSTRAINT "payouts_settled_has_tx" CHECK (("payouts"."state" in ('paid', 'failed')) = ("payouts"."settle_transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_accounts" (
	"token" text PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"last4" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"currency" text NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"token" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"outcome" text NOT NULL,
	"failure_code" text,
	"arrival_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payouts_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_request_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("request_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_settle_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_user_created_idx" ON "payouts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- hand-written below
-- An expert's available balance and money in transit never go below zero: checked at commit for
-- every entry that takes money out of such an account. The payout request's row lock is what
-- serialises concurrent requests; this refuses an overdraft even if code forgets the lock.
CREATE FUNCTION ledger_expert_balance_not_negative() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
  account_kind ledger_account_kind;
BEGIN
  SELECT kind INTO account_kind FROM ledger_accounts WHERE id = NEW.account_id;
  IF account_kind NOT IN ('expert_available', 'expert_payout_in_transit') THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(amount_minor), 0) INTO balance FROM ledger_entries WHERE account_id = NEW.account_id;
  IF balance < 0 THEN
    RAISE EXCEPTION 'ledger account % (%) would be overdrawn: %', NEW.account_id, account_kind, balance
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_expert_not_negative
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.amount_minor < 0)
  EXECUTE FUNCTION ledger_expert_balance_not_negative();
