-- The properties grids at 1M (505,000 insurables): a community's unit and building counts from the index alone (its
-- 100 units' rows were visited per row shown), and the communities grid's count and page from (type, lower(title), id)
-- instead of a scan of every insurable: a super admin's page 1 read 13,054 buffers and its count 422, now 1,358 and 34.
DROP INDEX "insurables_parent_idx";--> statement-breakpoint
CREATE INDEX "insurables_parent_type_idx" ON "insurables" USING btree ("insurable_id","insurable_type_id");--> statement-breakpoint
CREATE INDEX "insurables_type_title_idx" ON "insurables" USING btree ("insurable_type_id",lower("title"),"id");