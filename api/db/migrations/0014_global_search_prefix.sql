CREATE INDEX "tasks_search_title_c_idx" ON "tasks" USING btree (lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "users_search_full_name_c_idx" ON "users" USING btree (lower("full_name") collate "C","id") WHERE "users"."role" = 'patients';--> statement-breakpoint
CREATE INDEX "users_search_last_name_c_idx" ON "users" USING btree (lower("last_name") collate "C","id") WHERE "users"."role" = 'patients';--> statement-breakpoint
CREATE INDEX "users_search_email_c_idx" ON "users" USING btree (lower("email") collate "C","id") WHERE "users"."role" = 'patients';--> statement-breakpoint
CREATE INDEX "users_search_phone_reverse_c_idx" ON "users" USING btree (reverse("phone") collate "C","id") WHERE "users"."role" = 'patients';