-- Counters for list totals (server/lib/list.ts, Counting; README "How a list counts its total").
-- list_counter_apply(counter_table, column, …) is one statement-level trigger function for every counter: it appends
-- one delta row per combination of the counter's columns that a statement changed (+ rows inserted, − rows deleted,
-- both for an update that moved a row), whatever the number of rows, so bulk loads stay cheap. It runs inside the
-- writing transaction, so the sums are exactly as committed as the rows they count. Writers only append: none waits
-- on another for a counter, and none can deadlock on one.
-- list_counter_compact folds a counter's deltas into one row per combination. A writer runs it now and then (2 % of
-- statements), unless another transaction is compacting that counter (advisory lock): readers sum a few rows.
CREATE OR REPLACE FUNCTION list_counter_compact(counter text, cols text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(1279476820, hashtext(counter)) THEN
    RETURN;
  END IF;
  EXECUTE format(
    'WITH gone AS (DELETE FROM %I RETURNING %s, n) INSERT INTO %I (%s, n) SELECT %s, sum(n) FROM gone GROUP BY %s HAVING sum(n) <> 0',
    counter, cols, counter, cols, cols, cols);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counter_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counter text := TG_ARGV[0];
  cols text;
  delta text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('DELETE FROM %I', counter);
    RETURN NULL;
  END IF;
  SELECT string_agg(format('%I', c), ', ' ORDER BY i) INTO cols FROM unnest(TG_ARGV[1:TG_NARGS - 1]) WITH ORDINALITY AS a(c, i);
  delta := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS d FROM new_rows', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS d FROM old_rows', cols)
    ELSE format('SELECT %s, 1 AS d FROM new_rows UNION ALL SELECT %s, -1 FROM old_rows', cols, cols)
  END;
  EXECUTE format('INSERT INTO %I (%s, n) SELECT %s, sum(d) FROM (%s) x GROUP BY %s HAVING sum(d) <> 0', counter, cols, cols, delta, cols);
  IF random() < 0.02 THEN
    PERFORM list_counter_compact(counter, cols);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER policies_count_agency_ins AFTER INSERT ON policies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('policy_counts_by_agency', 'agency_id', 'status', 'policy_in_system');
--> statement-breakpoint
CREATE TRIGGER policies_count_agency_upd AFTER UPDATE ON policies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('policy_counts_by_agency', 'agency_id', 'status', 'policy_in_system');
--> statement-breakpoint
CREATE TRIGGER policies_count_agency_del AFTER DELETE ON policies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('policy_counts_by_agency', 'agency_id', 'status', 'policy_in_system');
--> statement-breakpoint
CREATE TRIGGER policies_count_agency_trunc AFTER TRUNCATE ON policies
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('policy_counts_by_agency');
--> statement-breakpoint
CREATE TRIGGER policies_count_account_ins AFTER INSERT ON policies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('policy_counts_by_account', 'account_id', 'agency_id', 'status', 'policy_in_system');
--> statement-breakpoint
CREATE TRIGGER policies_count_account_upd AFTER UPDATE ON policies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('policy_counts_by_account', 'account_id', 'agency_id', 'status', 'policy_in_system');
--> statement-breakpoint
CREATE TRIGGER policies_count_account_del AFTER DELETE ON policies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('policy_counts_by_account', 'account_id', 'agency_id', 'status', 'policy_in_system');
--> statement-breakpoint
CREATE TRIGGER policies_count_account_trunc AFTER TRUNCATE ON policies
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('policy_counts_by_account');
--> statement-breakpoint
CREATE TRIGGER users_count_ins AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('user_counts', 'enabled', 'has_existing_policies', 'has_current_leases');
--> statement-breakpoint
CREATE TRIGGER users_count_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('user_counts', 'enabled', 'has_existing_policies', 'has_current_leases');
--> statement-breakpoint
CREATE TRIGGER users_count_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('user_counts', 'enabled', 'has_existing_policies', 'has_current_leases');
--> statement-breakpoint
CREATE TRIGGER users_count_trunc AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION list_counter_apply('user_counts');
--> statement-breakpoint
-- The rows already there. The triggers above hold their tables' write lock until this migration commits, so no
-- write slips between the backfill's snapshot and the first trigger.
INSERT INTO policy_counts_by_agency (agency_id, status, policy_in_system, n)
  SELECT agency_id, status, policy_in_system, count(*) FROM policies GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO policy_counts_by_account (account_id, agency_id, status, policy_in_system, n)
  SELECT account_id, agency_id, status, policy_in_system, count(*) FROM policies GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO user_counts (enabled, has_existing_policies, has_current_leases, n)
  SELECT enabled, has_existing_policies, has_current_leases, count(*) FROM users GROUP BY 1, 2, 3;
