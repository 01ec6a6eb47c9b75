CREATE INDEX "auth_tokens_created_idx" ON "auth_tokens" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_role_created_idx" ON "messages" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tool_runs_created_idx" ON "tool_runs" USING btree ("created_at");