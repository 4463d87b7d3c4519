-- Custom (issue 34): the database itself refuses a ledger event whose entries do not sum to zero.
-- A constraint trigger deferred to COMMIT, so an event's entries may be inserted one by one inside
-- the transition's transaction; the application checks the same rule first (ledger.server.ts).
CREATE FUNCTION ledger_event_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount_pence), 0) INTO total FROM ledger_entries WHERE event_id = NEW.event_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger event % does not balance (sum %)', NEW.event_id, total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT OR UPDATE ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_event_balanced();--> statement-breakpoint
-- Entries are history: never changed or removed.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only' USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
