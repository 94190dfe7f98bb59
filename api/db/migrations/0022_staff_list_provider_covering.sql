-- hand-written:
-- A provider's list filtered by provider (the workload's list: providerId + reviewStatus=pending) and its tab counts
-- read list_tab and review_status from this index alone (index-only), instead of a heap row for each of up to
-- 70,000 rows of a provider's range. The columns are INCLUDEd (not keys), so the index still gives the id order.
DROP INDEX IF EXISTS "staff_treatment_list_provider_idx";--> statement-breakpoint
CREATE INDEX "staff_treatment_list_provider_idx" ON "staff_treatment_list" USING btree ("staff_id","provider_id","treatment_id") INCLUDE ("list_tab","review_status");
