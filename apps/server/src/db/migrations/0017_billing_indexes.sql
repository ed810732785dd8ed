DROP INDEX "ledger_entries_account_time_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_account_statement_idx" ON "ledger_entries" USING btree ("account_id","created_at","transaction_id","amount_minor");--> statement-breakpoint
CREATE INDEX "ledger_transactions_contract_time_idx" ON "ledger_transactions" USING btree ("contract_id","created_at");