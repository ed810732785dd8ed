-- hand-written below
-- The money transitions' hot statements as PL/pgSQL functions (decision 008, "Performance"): a
-- function keeps its plans for the connection's life (PGlite planned every statement anew), and
-- one call is one round trip. Neither decides anything: the state machine (milestone-states.ts)
-- and the amounts stay in TypeScript; these only read and write. A change to a table they touch
-- needs a migration that replaces them.

-- Locks a milestone's contract FOR UPDATE, then the milestone (that order everywhere, access.ts),
-- and returns both rows, the two parties (with their billing entity, for documents), the
-- contract's billing references and the milestone's escrow hold, as JSON. NULL when there is no
-- such milestone.
CREATE OR REPLACE FUNCTION lock_milestone(p_milestone_id uuid) RETURNS json
LANGUAGE plpgsql
AS $$
DECLARE
  v_contract contracts;
  v_milestone contract_milestones;
BEGIN
  SELECT c.* INTO v_contract FROM contracts c
   WHERE c.id = (SELECT m.contract_id FROM contract_milestones m WHERE m.id = p_milestone_id)
   FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT m.* INTO v_milestone FROM contract_milestones m WHERE m.id = p_milestone_id FOR UPDATE;
  RETURN json_build_object(
    'contract', row_to_json(v_contract),
    'milestone', row_to_json(v_milestone),
    'people', (
      SELECT json_agg(json_build_object(
        'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email,
        'deletedAt', u.deleted_at, 'organisationName', b.organisation_name, 'address', b.address,
        'taxId', b.tax_id, 'defaultCostCentre', b.default_cost_centre))
        FROM users u LEFT JOIN billing_entities b ON b.user_id = u.id
       WHERE u.id IN (v_contract.client_id, v_contract.expert_id)),
    'contractBilling', (SELECT row_to_json(cb) FROM contract_billing cb WHERE cb.contract_id = v_contract.id),
    'hold', (SELECT row_to_json(h) FROM escrow_holds h WHERE h.milestone_id = p_milestone_id)
  );
END;
$$;
--> statement-breakpoint
-- Writes what one money transition decided (payments/money-writes.ts builds p), in one call:
-- ledger transactions with their entries (opening accounts used for the first time), escrow holds
-- and settlements, card refunds, the milestone's new columns, issued documents (numbered by the
-- caller), activity lines, notifications (announced on p_channel, as notifyEach does) and e-mail
-- jobs. Every key of p is optional. The ledger's balance trigger, the holds' and settlements'
-- primary keys and every other constraint apply as to any other insert.
CREATE OR REPLACE FUNCTION apply_money_writes(p jsonb, p_channel text) RETURNS void
LANGUAGE plpgsql
SET jit = off
AS $$
DECLARE
  v_announced bigint;
BEGIN
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
  IF p ? 'issued_documents' THEN
    INSERT INTO issued_documents (kind, series, year, sequence, number, recipient_id, contract_id,
                                  milestone_id, ledger_transaction_id, corrects_id, currency,
                                  total_minor, facts, issued_at)
    SELECT r.kind, r.series, r.year, r.sequence, r.number, r.recipient_id, r.contract_id,
           r.milestone_id, r.ledger_transaction_id, r.corrects_id, r.currency, r.total_minor,
           r.facts, r.issued_at
      FROM jsonb_populate_recordset(null::issued_documents, p->'issued_documents') r;
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
END;
$$;
--> statement-breakpoint
-- A contract as its page shows it (contract-read.ts getContract), in one call whose plans are
-- kept: the contract row with its project's title, the quote's duration and the parties, and its
-- milestones with every detail (the hold's fee, the settlement, the card that paid, a bonus, what
-- escrow holds now by the ledger, the submissions with their files), each subquery reading one
-- index. NULL when there is no such contract. Every money answer ends with it.
-- jit is off: the planner's guess for the nested subqueries crosses jit_above_cost once the
-- tables grow, and compiling them cost 25-35 ms on every call for a read of a few rows.
CREATE OR REPLACE FUNCTION contract_view(p_contract_id uuid) RETURNS json
LANGUAGE plpgsql STABLE
SET jit = off
AS $$
DECLARE
  v_contract json;
BEGIN
  SELECT json_build_object(
           'contract', row_to_json(c),
           'projectTitle', p.title,
           'durationDays', q.duration_days,
           'client', json_build_object('id', cu.id, 'firstName', cu.first_name, 'lastName', cu.last_name),
           'expert', json_build_object('id', eu.id, 'firstName', eu.first_name, 'lastName', eu.last_name),
           'expertSlug', ep.slug)
    INTO v_contract
    FROM contracts c
    JOIN projects p ON p.id = c.project_id
    JOIN quotes q ON q.id = c.quote_id
    JOIN users cu ON cu.id = c.client_id
    JOIN users eu ON eu.id = c.expert_id
    LEFT JOIN expert_profiles ep ON ep.user_id = c.expert_id
   WHERE c.id = p_contract_id;
  IF v_contract IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object('row', v_contract, 'milestones', coalesce((
    SELECT json_agg(json_build_object(
             'milestone', row_to_json(m),
             'holdFeeMinor', h.fee_minor,
             'toExpertMinor', s.to_expert_minor,
             'toClientMinor', s.to_client_minor,
             'paidWith', (
               SELECT json_build_object('brand', a.card_brand, 'last4', a.card_last4) FROM payment_attempts a
                WHERE a.milestone_id = m.id AND a.purpose = 'fund' AND a.state = 'succeeded'),
             'bonusMinor', (
               SELECT a.amount_minor FROM payment_attempts a
                WHERE a.milestone_id = m.id AND a.purpose = 'bonus' AND a.state = 'succeeded'),
             'heldMinor', (
               SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_accounts la
                 JOIN ledger_entries e ON e.account_id = la.id
                WHERE la.kind = 'escrow' AND la.owner = m.id AND la.currency = m.currency),
             'submissions', coalesce((
               SELECT json_agg(json_build_object(
                        'id', sub.id, 'version', sub.version, 'note', sub.note, 'createdAt', sub.created_at,
                        'files', coalesce((
                          SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'sizeBytes', f.size_bytes,
                                   'contentType', f.content_type, 'sha256', f.sha256) ORDER BY f.position)
                            FROM submission_files f WHERE f.submission_id = sub.id), '[]'::json)
                      ) ORDER BY sub.version DESC)
                 FROM milestone_submissions sub WHERE sub.milestone_id = m.id), '[]'::json)
           ) ORDER BY m.position)
      FROM contract_milestones m
      LEFT JOIN escrow_holds h ON h.milestone_id = m.id
      LEFT JOIN escrow_settlements s ON s.milestone_id = m.id
     WHERE m.contract_id = p_contract_id), '[]'::json));
END;
$$;
