DROP INDEX "bookings_fixer_slot_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_account_idx";--> statement-breakpoint
DROP INDEX "provider_operations_fixer_idx";--> statement-breakpoint
CREATE INDEX "booking_transitions_part_release_idx" ON "booking_transitions" USING btree ("booking_id","id") WHERE "booking_transitions"."transition" = 'staff_release_part';--> statement-breakpoint
CREATE INDEX "ledger_events_id_booking_idx" ON "ledger_events" USING btree ("id","booking_id");--> statement-breakpoint
CREATE INDEX "bookings_fixer_slot_idx" ON "bookings" USING btree ("fixer_user_id","slot_date" DESC NULLS LAST,"id" DESC NULLS LAST,"state","price_pence","fixer_charge_pence","fixer_net_pence","job_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","event_id","amount_pence");--> statement-breakpoint
CREATE INDEX "provider_operations_fixer_idx" ON "provider_operations" USING btree ("fixer_user_id","status","kind","booking_id","amount_pence");