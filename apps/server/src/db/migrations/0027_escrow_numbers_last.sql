-- Custom SQL migration file, put your code below! --
-- hand-written below
-- apply_money_writes numbers and writes the issued documents last (decision 008, "Performance").
-- A document's number comes from its (series, year) counter, which every money transition of that
-- series and year updates and then holds locked until it commits: numbering first held it across
-- every other write, the notifications and the read-back as well, so concurrent money requests
-- queued for it (pg_stat_activity showed them waiting on it more than on anything else). The rows
-- written, the numbers and their order are the same as before; only a document may print a queued
-- document's number, which the function now checks.
-- Writes what one money transition decided (payments/money-writes.ts builds p), in one call:
-- ledger transactions with their entries (opening accounts used for the first time), escrow holds
-- and settlements, card refunds, the milestone's new columns, activity lines, notifications
-- (announced on p_channel, as notifyEach does), e-mail jobs, and last the issued documents,
-- numbered here. Every key of p is optional. The ledger's balance trigger, the holds' and
-- settlements' primary keys and every other constraint apply as to any other insert.
-- A queued document carries a token in place of its number, wherever it prints it (a receipt names
-- its invoice's number), and how its number prints (number_prefix, number_digits): each
-- (series, year) counter is bumped once by how many documents it numbers, in series then year
-- order (so two transactions never wait for each other's counters crosswise), and stays locked
-- until the transaction ends, as takeNextNumber's; within a series the numbers follow the
-- documents' order. A number prints as documents/numbering.ts says (documentNumberFormat). With
-- p_read_back (a contract id) it returns contract_view of that contract as it is after the writes;
-- otherwise NULL.
CREATE OR REPLACE FUNCTION apply_money_writes(p jsonb, p_channel text, p_read_back uuid DEFAULT NULL) RETURNS json
LANGUAGE plpgsql
SET jit = off
AS $$
DECLARE
  v_announced bigint;
  v_tokens text[];
  v_numbers text[];
  v_sequences integer[];
  v_text text;
  v_view json;
BEGIN
  -- Only the documents themselves may print a queued document's number (a receipt names its
  -- invoice's): they are written after everything else, with the numbers in place.
  IF (p - 'issued_documents')::text LIKE '%' || chr(8291) || 'document-%' THEN
    RAISE EXCEPTION 'only issued documents may print a queued document''s number';
  END IF;
  IF p ? 'ledger' THEN
    INSERT INTO ledger_accounts (kind, user_id, milestone_id, currency)
    SELECT (l->>'kind')::ledger_account_kind, (l->>'user_id')::uuid, (l->>'milestone_id')::uuid,
           (t->>'currency')::rate_currency
      FROM jsonb_array_elements(p->'ledger') t, jsonb_array_elements(t->'legs') l
    ON CONFLICT (kind, owner, currency) DO NOTHING;
    INSERT INTO ledger_transactions (id, kind, contract_id, milestone_id, created_by, memo)
    SELECT r.id, r.kind, r.contract_id, r.milestone_id, r.created_by, r.memo
      FROM jsonb_populate_recordset(null::ledger_transactions, p->'ledger') r;
    -- Each leg's account by a subquery on (kind, owner, currency): a join would be planned for
    -- the 100 x 100 rows the planner guesses of jsonb_array_elements and scan every account.
    INSERT INTO ledger_entries (transaction_id, account_id, currency, amount_minor)
    SELECT (t.value->>'id')::uuid,
           (SELECT a.id FROM ledger_accounts a
             WHERE a.kind = (l.value->>'kind')::ledger_account_kind
               AND a.owner = coalesce((l.value->>'milestone_id')::uuid, (l.value->>'user_id')::uuid,
                                      '00000000-0000-0000-0000-000000000000'::uuid)
               AND a.currency = (t.value->>'currency')::rate_currency),
           (t.value->>'currency')::rate_currency, (l.value->>'amount')::bigint
      FROM jsonb_array_elements(p->'ledger') WITH ORDINALITY t
     CROSS JOIN LATERAL jsonb_array_elements(t.value->'legs') WITH ORDINALITY l
     ORDER BY t.ordinality, l.ordinality;
  END IF;
  IF p ? 'escrow_holds' THEN
    INSERT INTO escrow_holds (milestone_id, funding_transaction_id, amount_minor, fee_minor, currency)
    SELECT r.milestone_id, r.funding_transaction_id, r.amount_minor, r.fee_minor, r.currency
      FROM jsonb_populate_recordset(null::escrow_holds, p->'escrow_holds') r;
  END IF;
  IF p ? 'escrow_settlements' THEN
    INSERT INTO escrow_settlements (milestone_id, transaction_id, outcome, to_expert_minor, to_client_minor)
    SELECT r.milestone_id, r.transaction_id, r.outcome, r.to_expert_minor, r.to_client_minor
      FROM jsonb_populate_recordset(null::escrow_settlements, p->'escrow_settlements') r;
  END IF;
  IF p ? 'card_refunds' THEN
    INSERT INTO card_refunds (attempt_id, amount_minor, currency)
    SELECT r.attempt_id, r.amount_minor, r.currency
      FROM jsonb_populate_recordset(null::card_refunds, p->'card_refunds') r;
  END IF;
  IF p ? 'contract_milestones' THEN
    -- The row as it is, with the columns the caller changed (keys of the patch) replaced.
    UPDATE contract_milestones m
       SET (status, funded_at, submitted_at, auto_release_at, settled_at, revision_reason,
            revision_unmet, revision_requested_at, dispute_opened_by, dispute_reason,
            dispute_opened_at, dispute_resolution, dispute_resolved_at, updated_at) =
           (SELECT r.status, r.funded_at, r.submitted_at, r.auto_release_at, r.settled_at,
                   r.revision_reason, r.revision_unmet, r.revision_requested_at, r.dispute_opened_by,
                   r.dispute_reason, r.dispute_opened_at, r.dispute_resolution, r.dispute_resolved_at, now()
              FROM jsonb_populate_record(m, p->'contract_milestones') r)
     WHERE m.id = (p->'contract_milestones'->>'id')::uuid;
  END IF;
  IF p ? 'contract_activity' THEN
    INSERT INTO contract_activity (contract_id, milestone_id, actor_id, kind, text)
    SELECT r.contract_id, r.milestone_id, r.actor_id, r.kind, r.text
      FROM jsonb_populate_recordset(null::contract_activity, p->'contract_activity') r;
  END IF;
  IF p ? 'notifications' THEN
    WITH inserted AS (
      INSERT INTO notifications (user_id, kind, title, body, link)
      SELECT r.user_id, r.kind, r.title, r.body, r.link
        FROM jsonb_populate_recordset(null::notifications, p->'notifications') r
      RETURNING *)
    SELECT count(pg_notify(p_channel,
             notification_event(i.user_id, i.id, i.kind, i.title, i.body, i.link, i.created_at)))
      INTO v_announced FROM inserted i;
  END IF;
  IF p ? 'jobs' THEN
    INSERT INTO jobs (kind, payload, run_at, dedupe_key, max_attempts)
    SELECT r.kind, r.payload, r.run_at, r.dedupe_key, r.max_attempts
      FROM jsonb_populate_recordset(null::jobs, p->'jobs') r
    ON CONFLICT (dedupe_key) DO NOTHING;
  END IF;
  -- A new snapshot for this statement: contract_view sees the rows written above. It is read
  -- before the documents are numbered, as it shows none of them.
  IF p_read_back IS NOT NULL THEN
    v_view := contract_view(p_read_back);
  END IF;
  -- Last, so that a counter, which every money transition of its series and year waits for, is
  -- held only from here to the commit.
  IF p ? 'issued_documents' THEN
    WITH queued AS (
      SELECT d.ordinality AS ord, d.value->>'number' AS token,
             (d.value->>'series')::document_series AS series, (d.value->>'year')::integer AS year,
             d.value->>'number_prefix' AS prefix, (d.value->>'number_digits')::integer AS digits,
             row_number() OVER (PARTITION BY d.value->>'series', d.value->>'year' ORDER BY d.ordinality) AS nth
        FROM jsonb_array_elements(p->'issued_documents') WITH ORDINALITY d),
    counts AS (
      SELECT q.series, q.year, count(*)::integer AS n FROM queued q GROUP BY q.series, q.year),
    bumped AS (
      INSERT INTO document_counters AS dc (series, year, last_number)
      SELECT c.series, c.year, c.n FROM counts c ORDER BY c.series::text COLLATE "C", c.year
      ON CONFLICT (series, year) DO UPDATE SET last_number = dc.last_number + excluded.last_number
      RETURNING dc.series, dc.year, dc.last_number),
    numbered AS (
      SELECT q.ord, q.token, q.prefix, q.digits, (b.last_number - c.n + q.nth)::integer AS sequence
        FROM queued q
        JOIN counts c ON c.series = q.series AND c.year = q.year
        JOIN bumped b ON b.series = q.series AND b.year = q.year)
    SELECT array_agg(n.token ORDER BY n.ord),
           array_agg(n.prefix || repeat('0', greatest(n.digits - length(n.sequence::text), 0)) || n.sequence
                     ORDER BY n.ord),
           array_agg(n.sequence ORDER BY n.ord)
      INTO v_tokens, v_numbers, v_sequences
      FROM numbered n;
    v_text := (p->'issued_documents')::text;
    FOR i IN 1 .. coalesce(array_length(v_tokens, 1), 0) LOOP
      v_text := replace(v_text, v_tokens[i], v_numbers[i]);
    END LOOP;
    p := jsonb_set(p, '{issued_documents}', v_text::jsonb);
    INSERT INTO issued_documents (kind, series, year, sequence, number, recipient_id, contract_id,
                                  milestone_id, ledger_transaction_id, corrects_id, currency,
                                  total_minor, facts, issued_at)
    SELECT r.kind, r.series, r.year, v_sequences[r.ordinality::integer], r.number, r.recipient_id,
           r.contract_id, r.milestone_id, r.ledger_transaction_id, r.corrects_id, r.currency,
           r.total_minor, r.facts, r.issued_at
      FROM ROWS FROM (jsonb_populate_recordset(null::issued_documents, p->'issued_documents'))
           WITH ORDINALITY r;
  END IF;
  RETURN v_view;
END;
$$;
