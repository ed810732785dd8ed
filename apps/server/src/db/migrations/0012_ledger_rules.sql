-- The ledger's rules, kept by the database itself, not only by code (DESIGN §4).

-- 1. Every ledger transaction balances: its entries sum to zero per currency. Checked at commit
--    (a deferred constraint trigger), so a transaction may insert its entries one by one.
CREATE FUNCTION ledger_transaction_balances() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
BEGIN
  SELECT currency, sum(amount_minor) AS total INTO unbalanced
  FROM ledger_entries
  WHERE transaction_id = NEW.transaction_id
  GROUP BY currency
  HAVING sum(amount_minor) <> 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: % % left over',
      NEW.transaction_id, unbalanced.total, unbalanced.currency
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balance
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();
--> statement-breakpoint

-- 2. What happened stays as it happened: a correction is a new row, never an edit.
CREATE FUNCTION refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER escrow_holds_append_only BEFORE UPDATE OR DELETE ON escrow_holds
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER escrow_settlements_append_only BEFORE UPDATE OR DELETE ON escrow_settlements
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER contract_activity_append_only BEFORE UPDATE OR DELETE ON contract_activity
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER milestone_submissions_append_only BEFORE UPDATE OR DELETE ON milestone_submissions
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER submission_files_append_only BEFORE UPDATE OR DELETE ON submission_files
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint

-- 3. A hold settles at most once (the primary key of escrow_settlements) and only for as much as
--    it holds: what goes to the expert and back to the client adds up to the held amount.
ALTER TABLE escrow_settlements
  ADD CONSTRAINT escrow_settlements_parts_non_negative CHECK (to_expert_minor >= 0 AND to_client_minor >= 0);
--> statement-breakpoint
CREATE FUNCTION escrow_settlement_adds_up() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  held integer;
BEGIN
  SELECT amount_minor INTO held FROM escrow_holds WHERE milestone_id = NEW.milestone_id;
  IF NEW.to_expert_minor + NEW.to_client_minor <> held THEN
    RAISE EXCEPTION 'settlement of milestone % moves % of a hold of %',
      NEW.milestone_id, NEW.to_expert_minor + NEW.to_client_minor, held
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER escrow_settlements_add_up BEFORE INSERT ON escrow_settlements
  FOR EACH ROW EXECUTE FUNCTION escrow_settlement_adds_up();
--> statement-breakpoint
ALTER TABLE escrow_holds
  ADD CONSTRAINT escrow_holds_amounts CHECK (amount_minor > 0 AND fee_minor >= 0);
