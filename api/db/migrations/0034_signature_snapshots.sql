ALTER TABLE "chart_reviews" ADD COLUMN "signature_typed_name" text;--> statement-breakpoint
ALTER TABLE "chart_reviews" ADD COLUMN "signature_image_key" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "signature_typed_name" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "signature_image_key" text;--> statement-breakpoint
CREATE INDEX "chart_reviews_signature_image_idx" ON "chart_reviews" USING btree ("signature_image_key") WHERE "chart_reviews"."signature_image_key" is not null;--> statement-breakpoint
CREATE INDEX "prescriptions_signature_image_idx" ON "prescriptions" USING btree ("signature_image_key") WHERE "prescriptions"."signature_image_key" is not null;--> statement-breakpoint
-- hand-written:
-- Documents signed before this migration had no copy: they showed the signer's signature as it is now. They keep
-- showing exactly what they showed at this moment, frozen from here on (the pictures become referenced and are kept).
UPDATE chart_reviews c SET signature_typed_name = s.typed_name, signature_image_key = s.image_key
  FROM staff_signatures s WHERE s.staff_id = c.signed_by_id AND c.status = 'reviewed' AND c.signature_typed_name IS NULL;
--> statement-breakpoint
UPDATE prescriptions p SET signature_typed_name = s.typed_name, signature_image_key = s.image_key
  FROM staff_signatures s WHERE s.staff_id = p.prescriber_id AND p.signature_typed_name IS NULL;
