-- The DMR search at 1M (issue 11): a term matches a file's name (trigram index) or its policy's number; the files of
-- the matching policies are found by this index (dmr.service.ts), so both sides are one BitmapOr instead of a scan of
-- every file (an absent term read all 100,000: 45-80 ms). A deleted policy's files are found by it too (SET NULL).
CREATE INDEX "checked_files_policy_idx" ON "checked_files" USING btree ("policy_id");