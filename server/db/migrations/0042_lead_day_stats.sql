-- The leads dashboard's statistics per day (server/db/schema/leads.ts, lead_day_stats; server/routes/leads/leads.stats.ts):
-- counting a window's distinct leads over its events read 6 million events for the platform's 30 days at 1M policies.
-- Kept by triggers only, in the writing transaction. Per lead, its events give per Los Angeles day and series ('v' any
-- event, 'a' an application step: a tag other than 'landing', 'p' the payment step 'checkout') one row linked to the
-- lead's previous day of that series; rows are added for the lead's agency and for agency 0 (the whole platform).
-- A change of events is applied as the touched leads' rows after it minus their rows before it (the statement's
-- transition tables give the events before), with the leads locked first so two writers of one lead apply in turn.
CREATE TABLE "lead_day_stats" (
	"agency_id" integer NOT NULL,
	"day" date NOT NULL,
	"series" text NOT NULL,
	"converted" boolean NOT NULL,
	"prev_day" date NOT NULL,
	"leads" integer NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "lead_day_stats_agency_id_day_series_converted_prev_day_pk" PRIMARY KEY("agency_id","day","series","converted","prev_day")
);
--> statement-breakpoint
-- Applies to lead_day_stats the rows of the `touched` leads' events: `now_sign` times their events now; when `added`
-- is given (an events statement), minus their events before it (now, except `added`, plus the removed ones). The
-- lead's agency and status are its row's, or `lead_agency`/`lead_converted` when given (a lead's own triggers: the
-- values before or after its change).
CREATE OR REPLACE FUNCTION lead_day_stats_apply(touched integer[], now_sign integer, added integer[],
  r_lead integer[], r_at timestamptz[], r_tag text[], lead_agency integer DEFAULT NULL, lead_converted boolean DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied date[];
BEGIN
  IF touched IS NULL OR cardinality(touched) = 0 THEN RETURN; END IF;
  WITH ev AS (
      SELECT now_sign AS sign, e.lead_id, e.created_at, e.tag FROM lead_events e WHERE e.lead_id = ANY(touched)
      UNION ALL
      SELECT -1, e.lead_id, e.created_at, e.tag FROM lead_events e WHERE added IS NOT NULL AND e.lead_id = ANY(touched) AND e.id <> ALL(added)
      UNION ALL
      SELECT -1, r.lead_id, r.at, r.tag FROM unnest(r_lead, r_at, r_tag) r(lead_id, at, tag) WHERE added IS NOT NULL),
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
      SELECT l.id AS lead_id, l.agency_id, l.status = 'converted' AS converted FROM leads l
        WHERE lead_converted IS NULL AND l.id = ANY(touched)
      UNION ALL SELECT touched[1], lead_agency, lead_converted WHERE lead_converted IS NOT NULL),
    delta AS (
      SELECT g.agency_id, x.day, x.series, a.converted, x.prev_day, sum(x.sign)::int AS leads, sum(x.sign * x.events)::int AS events
      FROM linked x JOIN attrs a ON a.lead_id = x.lead_id
        CROSS JOIN LATERAL (SELECT 0 UNION ALL SELECT a.agency_id WHERE a.agency_id IS NOT NULL) g(agency_id)
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(x.sign) <> 0 OR sum(x.sign * x.events) <> 0),
    up AS (
      INSERT INTO lead_day_stats AS t (agency_id, day, series, converted, prev_day, leads, events)
      SELECT * FROM delta ORDER BY agency_id, day, series, converted, prev_day
      ON CONFLICT (agency_id, day, series, converted, prev_day)
        DO UPDATE SET leads = t.leads + EXCLUDED.leads, events = t.events + EXCLUDED.events
      RETURNING t.day, t.leads)
  SELECT array_agg(DISTINCT day) INTO emptied FROM up WHERE leads = 0;
  IF emptied IS NOT NULL THEN
    DELETE FROM lead_day_stats WHERE day = ANY(emptied) AND leads = 0;
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
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT array_agg(id) INTO added FROM new_events;
    SELECT array_agg(DISTINCT lead_id) INTO touched FROM new_events;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(lead_id), array_agg(created_at), array_agg(tag) INTO r_lead, r_at, r_tag FROM old_events;
    SELECT array_agg(DISTINCT x) INTO touched FROM unnest(touched || r_lead) x;
  END IF;
  PERFORM 1 FROM leads WHERE id = ANY(touched) ORDER BY id FOR NO KEY UPDATE;
  PERFORM lead_day_stats_apply(touched, 1, coalesce(added, '{}'), r_lead, r_at, r_tag);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lead_events_day_stats_ins AFTER INSERT ON lead_events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION lead_events_day_stats();--> statement-breakpoint
CREATE TRIGGER lead_events_day_stats_upd AFTER UPDATE ON lead_events REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION lead_events_day_stats();--> statement-breakpoint
CREATE TRIGGER lead_events_day_stats_del AFTER DELETE ON lead_events REFERENCING OLD TABLE AS old_events
  FOR EACH STATEMENT EXECUTE FUNCTION lead_events_day_stats();--> statement-breakpoint
-- A lead's rows move with its agency and its being converted; a deleted lead's events count no more, and events
-- written before their lead count once it exists.
CREATE OR REPLACE FUNCTION leads_day_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM lead_day_stats_apply(ARRAY[OLD.id], -1, NULL, NULL, NULL, NULL, OLD.agency_id, OLD.status = 'converted');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM lead_day_stats_apply(ARRAY[NEW.id], 1, NULL, NULL, NULL, NULL, NEW.agency_id, NEW.status = 'converted');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_day_stats_ins AFTER INSERT ON leads FOR EACH ROW EXECUTE FUNCTION leads_day_stats();--> statement-breakpoint
CREATE TRIGGER leads_day_stats_upd AFTER UPDATE OF id, agency_id, status ON leads FOR EACH ROW
  WHEN (OLD.id <> NEW.id OR OLD.agency_id IS DISTINCT FROM NEW.agency_id OR (OLD.status = 'converted') <> (NEW.status = 'converted'))
  EXECUTE FUNCTION leads_day_stats();--> statement-breakpoint
CREATE TRIGGER leads_day_stats_del AFTER DELETE ON leads FOR EACH ROW EXECUTE FUNCTION leads_day_stats();--> statement-breakpoint
-- Every lead's rows from scratch: this migration's backfill, and the scale seed's after loading with the triggers off.
-- The same rows as lead_day_stats_apply with every lead touched.
CREATE OR REPLACE FUNCTION lead_day_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE lead_day_stats;
  INSERT INTO lead_day_stats (agency_id, day, series, converted, prev_day, leads, events)
  WITH days AS (
      SELECT lead_id, (created_at AT TIME ZONE 'America/Los_Angeles')::date AS day, count(*)::int AS events,
        bool_or(tag IS NOT NULL AND tag <> 'landing') AS applied, bool_or(tag = 'checkout') AS paid
      FROM lead_events GROUP BY 1, 2),
    series AS (
      SELECT lead_id, 'v'::text AS series, day, events FROM days
      UNION ALL SELECT lead_id, 'a', day, 0 FROM days WHERE applied
      UNION ALL SELECT lead_id, 'p', day, 0 FROM days WHERE paid),
    linked AS (
      SELECT lead_id, series, day, events,
        coalesce(lag(day) OVER (PARTITION BY lead_id, series ORDER BY day), '-infinity'::date) AS prev_day
      FROM series)
  SELECT g.agency_id, x.day, x.series, l.status = 'converted', x.prev_day, count(*)::int, sum(x.events)::int
  FROM linked x JOIN leads l ON l.id = x.lead_id
    CROSS JOIN LATERAL (SELECT 0 UNION ALL SELECT l.agency_id WHERE l.agency_id IS NOT NULL) g(agency_id)
  GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT lead_day_stats_rebuild();
