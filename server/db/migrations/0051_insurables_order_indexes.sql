-- The properties grids at 1M (issue 11): 500,000 units titled 'Unit 100' … 'Unit 199' (5,000 ties per title).
-- insurables_title_order_idx: (lower(title), id) is the grids' whole order, so page 1 is the index's first entries;
-- lower(title) alone left each title's ties to be ordered by id, visiting the first title's 5,000 unit rows. It carries
-- the type and the title, so a units page and a title search's count read the index alone.
-- insurables_agency_title_idx: an agency's properties in the same order (an agent's pages, read agency by agency) and
-- its units counted from the index alone; it replaces the agency-only index.
-- insurables_open_units_idx: top_available's open units (enabled, not covered) per community or building, found and
-- counted without visiting the units' rows.
DROP INDEX "insurables_agency_idx";--> statement-breakpoint
DROP INDEX "insurables_title_lower_idx";--> statement-breakpoint
CREATE INDEX "insurables_agency_title_idx" ON "insurables" USING btree ("agency_id",lower("title"),"id","insurable_type_id","title");--> statement-breakpoint
CREATE INDEX "insurables_title_order_idx" ON "insurables" USING btree (lower("title"),"id","insurable_type_id","title");--> statement-breakpoint
CREATE INDEX "insurables_open_units_idx" ON "insurables" USING btree ("insurable_id") WHERE insurable_type_id IN (4, 5) AND enabled AND NOT covered;