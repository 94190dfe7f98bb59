CREATE TABLE "product_state_exclusions" (
	"product_id" integer NOT NULL,
	"state" text NOT NULL,
	CONSTRAINT "product_state_exclusions_product_id_state_pk" PRIMARY KEY("product_id","state")
);
--> statement-breakpoint
ALTER TABLE "product_state_exclusions" ADD CONSTRAINT "product_state_exclusions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written:
-- One open intake per patient and journey kind: starting the same kind again resumes it (POST /api/v1/journeys).
CREATE UNIQUE INDEX "journeys_open_intake_uq" ON "journeys" USING btree ("patient_id","section_type") WHERE "status" = 'in_progress';
