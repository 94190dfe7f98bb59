CREATE INDEX "patients_date_of_birth_idx" ON "patients" USING btree ("date_of_birth");--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);