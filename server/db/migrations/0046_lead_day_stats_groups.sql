-- The leads dashboard's statistics of staff (their account), and of the filters on a tracking URL's campaign, a
-- tracking URL, an account, one interested product and archiving, from lead_day_stats too (migration 0042 kept the
-- platform and each agency only; the rest counted the window's events). Each lead is now also in its account's, its
-- tracking URL's and each of its products' group (each with the lead's agency, 0 without one, so an agency tree or
-- an agency filter narrows them), and every row says whether its leads are archived (the tiles tell how many of the
-- window's leads the grid's Archived toggle hides). The rows are rebuilt from the events below.
TRUNCATE "lead_day_stats";--> statement-breakpoint
ALTER TABLE "lead_day_stats" DROP CONSTRAINT "lead_day_stats_agency_id_day_series_converted_prev_day_pk";--> statement-breakpoint
ALTER TABLE "lead_day_stats" ADD COLUMN "tracking_url_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_day_stats" ADD COLUMN "policy_type_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_day_stats" ADD COLUMN "account_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_day_stats" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_day_stats" ADD CONSTRAINT "lead_day_stats_pkey" PRIMARY KEY("tracking_url_id","policy_type_id","account_id","agency_id","day","series","converted","archived","prev_day");--> statement-breakpoint
DROP TRIGGER leads_day_stats_upd ON leads;--> statement-breakpoint
DROP FUNCTION lead_day_stats_apply(integer[], integer, integer[], integer[], timestamptz[], text[], integer, boolean);--> statement-breakpoint
-- The groups of a lead (agency, account, tracking URL, being converted and archived) with its products: one row each.
CREATE OR REPLACE FUNCTION lead_day_stats_groups(agency integer, account integer, tracking_url integer, products integer[])
RETURNS TABLE (tracking_url_id integer, policy_type_id integer, account_id integer, agency_id integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 0, 0, 0, 0
  UNION ALL SELECT 0, 0, 0, agency WHERE agency IS NOT NULL
  UNION ALL SELECT 0, 0, account, coalesce(agency, 0) WHERE account IS NOT NULL
  UNION ALL SELECT tracking_url, 0, 0, coalesce(agency, 0) WHERE tracking_url IS NOT NULL
  UNION ALL SELECT 0, p, 0, coalesce(agency, 0) FROM unnest(products) p WHERE p IS NOT NULL
$$;
--> statement-breakpoint
-- Applies to lead_day_stats the rows of the `touched` leads' events: `now_sign` times their events now; when `added`
-- is given (an events statement), minus their events before it (now, except `added`, plus the removed ones). The
-- lead's groups are its row's, or `lead_row`'s when given (a lead's own triggers: the row before or after its change).
-- Its products are those of its events now, or before, for the rows of before.
CREATE OR REPLACE FUNCTION lead_day_stats_apply(touched integer[], now_sign integer, added integer[],
  r_lead integer[], r_at timestamptz[], r_tag text[], r_product integer[], lead_row leads DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied lead_day_stats[];
BEGIN
  IF touched IS NULL OR cardinality(touched) = 0 THEN RETURN; END IF;
  WITH ev AS (
      SELECT now_sign AS sign, e.lead_id, e.created_at, e.tag, e.policy_type_id FROM lead_events e WHERE e.lead_id = ANY(touched)
      UNION ALL
      SELECT -1, e.lead_id, e.created_at, e.tag, e.policy_type_id FROM lead_events e WHERE added IS NOT NULL AND e.lead_id = ANY(touched) AND e.id <> ALL(added)
      UNION ALL
      SELECT -1, r.lead_id, r.at, r.tag, r.product FROM unnest(r_lead, r_at, r_tag, r_product) r(lead_id, at, tag, product) WHERE added IS NOT NULL),
    products AS (
      SELECT sign, lead_id, array_agg(DISTINCT policy_type_id) FILTER (WHERE policy_type_id IS NOT NULL) AS products FROM ev GROUP BY 1, 2),
    days AS (
      SELECT sign, lead_id, (created_at AT TIME ZONE 'America/Los_Angeles')::date AS day, count(*)::int AS events,
        bool_or(tag IS NOT NULL AND tag <> 'landing') AS applied, bool_or(tag = 'checkout') AS paid
      FROM ev GROUP BY 1, 2, 3),
    series AS (
      SELECT sign, lead_id, 'v'::text AS series, day, events FROM days
      UNION ALL SELECT sign, lead_id, 'a', day, 0 FROM days WHERE applied
      UNION ALL SELECT sign, lead_id, 'p', day, 0 FROM days WHERE paid),
    linked AS (
      SELECT sign, lead_id, series, day, events,
        coalesce(lag(day) OVER (PARTITION BY sign, lead_id, series ORDER BY day), '-infinity'::date) AS prev_day
      FROM series),
    attrs AS (
      SELECT l.id AS lead_id, l.agency_id, l.account_id, l.tracking_url_id, l.status = 'converted' AS converted, l.archived FROM leads l
        WHERE (lead_row).id IS NULL AND l.id = ANY(touched)
      UNION ALL SELECT touched[1], (lead_row).agency_id, (lead_row).account_id, (lead_row).tracking_url_id, (lead_row).status = 'converted', (lead_row).archived
        WHERE (lead_row).id IS NOT NULL),
    delta AS (
      SELECT g.tracking_url_id, g.policy_type_id, g.account_id, g.agency_id, x.day, x.series, a.converted, a.archived, x.prev_day,
        sum(x.sign)::int AS leads, sum(x.sign * x.events)::int AS events
      FROM linked x JOIN attrs a ON a.lead_id = x.lead_id JOIN products p ON p.sign = x.sign AND p.lead_id = x.lead_id
        CROSS JOIN LATERAL lead_day_stats_groups(a.agency_id, a.account_id, a.tracking_url_id, p.products) g
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      HAVING sum(x.sign) <> 0 OR sum(x.sign * x.events) <> 0),
    up AS (
      INSERT INTO lead_day_stats AS t (tracking_url_id, policy_type_id, account_id, agency_id, day, series, converted, archived, prev_day, leads, events)
      SELECT * FROM delta ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      ON CONFLICT (tracking_url_id, policy_type_id, account_id, agency_id, day, series, converted, archived, prev_day)
        DO UPDATE SET leads = t.leads + EXCLUDED.leads, events = t.events + EXCLUDED.events
      RETURNING t)
  SELECT array_agg(up.t) INTO emptied FROM up WHERE (up.t).leads = 0;
  -- Rows left with no lead go, found by their key (a scan by day would read every group's rows).
  IF emptied IS NOT NULL THEN
    DELETE FROM lead_day_stats t USING unnest(emptied) e
    WHERE t.tracking_url_id = e.tracking_url_id AND t.policy_type_id = e.policy_type_id AND t.account_id = e.account_id
      AND t.agency_id = e.agency_id AND t.day = e.day AND t.series = e.series AND t.converted = e.converted
      AND t.archived = e.archived AND t.prev_day = e.prev_day AND t.leads = 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_events_day_stats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
  added integer[] := '{}';
  r_lead integer[];
  r_at timestamptz[];
  r_tag text[];
  r_product integer[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT array_agg(id) INTO added FROM new_events;
    SELECT array_agg(DISTINCT lead_id) INTO touched FROM new_events;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(lead_id), array_agg(created_at), array_agg(tag), array_agg(policy_type_id) INTO r_lead, r_at, r_tag, r_product FROM old_events;
    SELECT array_agg(DISTINCT x) INTO touched FROM unnest(touched || r_lead) x;
  END IF;
  PERFORM 1 FROM leads WHERE id = ANY(touched) ORDER BY id FOR NO KEY UPDATE;
  PERFORM lead_day_stats_apply(touched, 1, coalesce(added, '{}'), r_lead, r_at, r_tag, r_product);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A lead's rows move with its groups and its being converted or archived; a deleted lead's events count no more, and
-- events written before their lead count once it exists.
CREATE OR REPLACE FUNCTION leads_day_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM lead_day_stats_apply(ARRAY[OLD.id], -1, NULL, NULL, NULL, NULL, NULL, OLD);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM lead_day_stats_apply(ARRAY[NEW.id], 1, NULL, NULL, NULL, NULL, NULL, NEW);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_day_stats_upd AFTER UPDATE OF id, agency_id, account_id, tracking_url_id, status, archived ON leads FOR EACH ROW
  WHEN (OLD.id <> NEW.id OR OLD.agency_id IS DISTINCT FROM NEW.agency_id OR OLD.account_id IS DISTINCT FROM NEW.account_id
    OR OLD.tracking_url_id IS DISTINCT FROM NEW.tracking_url_id OR (OLD.status = 'converted') <> (NEW.status = 'converted') OR OLD.archived <> NEW.archived)
  EXECUTE FUNCTION leads_day_stats();--> statement-breakpoint
-- Every lead's rows from scratch: this migration's backfill, and the scale seed's after loading with the triggers off.
-- The same rows as lead_day_stats_apply with every lead touched.
CREATE OR REPLACE FUNCTION lead_day_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE lead_day_stats;
  INSERT INTO lead_day_stats (tracking_url_id, policy_type_id, account_id, agency_id, day, series, converted, archived, prev_day, leads, events)
  WITH days AS (
      SELECT lead_id, (created_at AT TIME ZONE 'America/Los_Angeles')::date AS day, count(*)::int AS events,
        bool_or(tag IS NOT NULL AND tag <> 'landing') AS applied, bool_or(tag = 'checkout') AS paid
      FROM lead_events GROUP BY 1, 2),
    products AS (
      SELECT lead_id, array_agg(DISTINCT policy_type_id) FILTER (WHERE policy_type_id IS NOT NULL) AS products FROM lead_events GROUP BY 1),
    series AS (
      SELECT lead_id, 'v'::text AS series, day, events FROM days
      UNION ALL SELECT lead_id, 'a', day, 0 FROM days WHERE applied
      UNION ALL SELECT lead_id, 'p', day, 0 FROM days WHERE paid),
    linked AS (
      SELECT lead_id, series, day, events,
        coalesce(lag(day) OVER (PARTITION BY lead_id, series ORDER BY day), '-infinity'::date) AS prev_day
      FROM series)
  SELECT g.tracking_url_id, g.policy_type_id, g.account_id, g.agency_id, x.day, x.series, l.status = 'converted', l.archived, x.prev_day,
    count(*)::int, sum(x.events)::int
  FROM linked x JOIN leads l ON l.id = x.lead_id JOIN products p ON p.lead_id = x.lead_id
    CROSS JOIN LATERAL lead_day_stats_groups(l.agency_id, l.account_id, l.tracking_url_id, p.products) g
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
END $$;
--> statement-breakpoint
SELECT lead_day_stats_rebuild();
