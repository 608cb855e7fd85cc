CREATE TABLE "dashboard_data_changes" (
	"agency_id" integer NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_data_changes_agency_version_idx" ON "dashboard_data_changes" USING btree ("agency_id","version");--> statement-breakpoint
-- The policies dashboard's data version per scope (issue 16; migration 0040 kept one version for everyone, so a write
-- in any tenant dropped every tenant's kept numbers). Each statement still advances dashboard_data_version (the whole
-- system's version, read by super admins' unfiltered dashboard) and appends one row per agency it touched, before and
-- after the change, with that value; agency 0 is every agency (commission settings, a truncate). An agency scope's
-- version is the greatest row of its agencies and 0 (server/routes/dashboards/dashboards.service.ts), so it moves only
-- when its own data does; the scope's agency ids are in the cache key too, so a sub-agency moved between trees changes
-- both trees' keys. Rows are appended in the writing transaction: a write is seen at the next request once committed,
-- and no writer waits for another. Now and then a writer folds the rows into one per agency (advisory lock, as the
-- list counters of migration 0009 do).
CREATE OR REPLACE FUNCTION dashboard_data_changes_compact() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(1279476820, hashtext('dashboard_data_changes')) THEN
    RETURN;
  END IF;
  WITH gone AS (DELETE FROM dashboard_data_changes RETURNING agency_id, version)
  INSERT INTO dashboard_data_changes (agency_id, version) SELECT agency_id, max(version) FROM gone GROUP BY agency_id;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_data_bump(touched integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v bigint := nextval('dashboard_data_version');
BEGIN
  INSERT INTO dashboard_data_changes (agency_id, version) SELECT DISTINCT a, v FROM unnest(touched) a WHERE a IS NOT NULL;
  IF random() < 0.02 THEN
    PERFORM dashboard_data_changes_compact();
  END IF;
END $$;
--> statement-breakpoint
-- TG_ARGV[0] says how a changed row names its agency: 'policies' (its own agency_id), 'invoices' (its policy's),
-- 'line_items' (its invoice's policy's), 'agencies' (itself), 'all' (every agency: commission settings).
CREATE OR REPLACE FUNCTION dashboard_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  rows_sql text;
  touched integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' OR kind = 'all' THEN
    PERFORM dashboard_data_bump(ARRAY[0]);
    RETURN NULL;
  END IF;
  rows_sql := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows'
  END;
  EXECUTE format(CASE kind
    WHEN 'policies' THEN 'SELECT array_agg(DISTINCT r.agency_id) FROM (%s) r'
    WHEN 'agencies' THEN 'SELECT array_agg(DISTINCT r.id) FROM (%s) r'
    WHEN 'invoices' THEN 'SELECT array_agg(DISTINCT p.agency_id) FROM (%s) r JOIN policies p ON p.id = r.invoiceable_id WHERE r.invoiceable_type = ''Policy'''
    WHEN 'line_items' THEN 'SELECT array_agg(DISTINCT p.agency_id) FROM (%s) r JOIN invoices i ON i.id = r.invoice_id JOIN policies p ON p.id = i.invoiceable_id WHERE i.invoiceable_type = ''Policy'''
  END, rows_sql) INTO touched;
  PERFORM dashboard_data_bump(coalesce(touched, ARRAY[]::integer[]));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS policies_dashboard_version ON policies;
--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_dashboard_version ON invoices;
--> statement-breakpoint
DROP TRIGGER IF EXISTS line_items_dashboard_version ON line_items;
--> statement-breakpoint
DROP TRIGGER IF EXISTS agencies_dashboard_version ON agencies;
--> statement-breakpoint
DROP TRIGGER IF EXISTS carrier_agencies_dashboard_version ON carrier_agencies;
--> statement-breakpoint
DROP TRIGGER IF EXISTS carrier_agency_policy_types_dashboard_version ON carrier_agency_policy_types;
--> statement-breakpoint
DROP TRIGGER IF EXISTS commission_strategies_dashboard_version ON commission_strategies;
--> statement-breakpoint
CREATE TRIGGER policies_dashboard_version_ins AFTER INSERT ON policies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('policies');
--> statement-breakpoint
CREATE TRIGGER policies_dashboard_version_upd AFTER UPDATE ON policies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('policies');
--> statement-breakpoint
CREATE TRIGGER policies_dashboard_version_del AFTER DELETE ON policies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('policies');
--> statement-breakpoint
CREATE TRIGGER policies_dashboard_version_trunc AFTER TRUNCATE ON policies
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('policies');
--> statement-breakpoint
CREATE TRIGGER invoices_dashboard_version_ins AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('invoices');
--> statement-breakpoint
CREATE TRIGGER invoices_dashboard_version_upd AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('invoices');
--> statement-breakpoint
CREATE TRIGGER invoices_dashboard_version_del AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('invoices');
--> statement-breakpoint
CREATE TRIGGER invoices_dashboard_version_trunc AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('invoices');
--> statement-breakpoint
CREATE TRIGGER line_items_dashboard_version_ins AFTER INSERT ON line_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('line_items');
--> statement-breakpoint
CREATE TRIGGER line_items_dashboard_version_upd AFTER UPDATE ON line_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('line_items');
--> statement-breakpoint
CREATE TRIGGER line_items_dashboard_version_del AFTER DELETE ON line_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('line_items');
--> statement-breakpoint
CREATE TRIGGER line_items_dashboard_version_trunc AFTER TRUNCATE ON line_items
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('line_items');
--> statement-breakpoint
CREATE TRIGGER agencies_dashboard_version_ins AFTER INSERT ON agencies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('agencies');
--> statement-breakpoint
CREATE TRIGGER agencies_dashboard_version_upd AFTER UPDATE ON agencies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('agencies');
--> statement-breakpoint
CREATE TRIGGER agencies_dashboard_version_del AFTER DELETE ON agencies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('agencies');
--> statement-breakpoint
CREATE TRIGGER agencies_dashboard_version_trunc AFTER TRUNCATE ON agencies
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('agencies');
--> statement-breakpoint
CREATE TRIGGER carrier_agencies_dashboard_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carrier_agencies
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('all');
--> statement-breakpoint
CREATE TRIGGER carrier_agency_policy_types_dashboard_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carrier_agency_policy_types
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('all');
--> statement-breakpoint
CREATE TRIGGER commission_strategies_dashboard_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON commission_strategies
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed('all');
