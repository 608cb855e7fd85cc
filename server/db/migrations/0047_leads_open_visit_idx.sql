-- The leads grid as it opens for a super admin (leads not converted, Archived off or on, newest visit first, a window of
-- last visits): page 1 and its capped count read from this index alone (server/routes/leads/leads.list.ts).
CREATE INDEX "leads_open_visit_idx" ON "leads" USING btree ("archived","last_visit" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE status <> 'converted';