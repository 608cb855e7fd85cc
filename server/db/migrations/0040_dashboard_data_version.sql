-- The policies dashboard's data version (server/routes/dashboards/dashboards.cache.ts): every statement that writes
-- a table the dashboard's numbers read (policies, their invoices and line items, commission settings) takes the next
-- value of one sequence, and the dashboard keys its kept numbers by the current value, so a proof accepted or a policy
-- bound is on the dashboard at the next request, in every API process, whoever wrote it (a route, a job, a script).
-- A sequence and not a counter row: nextval takes no row lock, so no writer waits for another; one per statement
-- whatever its number of rows, so bulk loads stay cheap.
CREATE SEQUENCE IF NOT EXISTS dashboard_data_version;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('dashboard_data_version');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER policies_dashboard_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON policies
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_dashboard_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed();
--> statement-breakpoint
CREATE TRIGGER line_items_dashboard_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON line_items
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed();
--> statement-breakpoint
CREATE TRIGGER carrier_agencies_dashboard_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carrier_agencies
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed();
--> statement-breakpoint
CREATE TRIGGER carrier_agency_policy_types_dashboard_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carrier_agency_policy_types
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed();
--> statement-breakpoint
CREATE TRIGGER commission_strategies_dashboard_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON commission_strategies
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed();
--> statement-breakpoint
CREATE TRIGGER agencies_dashboard_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agencies
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_data_changed();
