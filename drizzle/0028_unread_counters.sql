CREATE TABLE "unread_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"notifications" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unread_counts" ADD CONSTRAINT "unread_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The header's unread counts as counters (issue 47, decision 071), kept by these triggers in the
-- transaction of every write that changes them. A message's weight for a reader is what the recount
-- (unread_counts_recount below) counts: not hidden, not sent by them, after their thread read marker.
-- Each trigger locks the counter rows it changes BEFORE reading the read markers or the messages, so a
-- message written and a read marker moved at the same time serialise on the counter row and the later
-- one reads what the earlier one committed (READ COMMITTED takes a fresh snapshot per statement).
CREATE FUNCTION unread_counts_new_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unread_counts (user_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_unread_counts AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION unread_counts_new_user();--> statement-breakpoint
CREATE FUNCTION unread_message_weight(reader text, m job_messages) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  IF reader IS NULL OR m.hidden_at IS NOT NULL OR m.sender_user_id IS NOT DISTINCT FROM reader THEN
    RETURN 0;
  END IF;
  IF m.id > coalesce((SELECT r.last_read_message_id FROM thread_reads r WHERE r.user_id = reader AND r.job_id = m.job_id AND r.fixer_user_id = m.fixer_user_id), 0) THEN
    RETURN 1;
  END IF;
  RETURN 0;
END;
$$;--> statement-breakpoint
CREATE FUNCTION job_messages_unread_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_readers text[] := ARRAY[]::text[];
  new_readers text[] := ARRAY[]::text[];
  reader text;
  weight integer;
BEGIN
  -- A thread's two readers: the job's customer and the fixer (both roles counted, as the recount does).
  IF TG_OP <> 'INSERT' THEN
    old_readers := ARRAY[(SELECT j.customer_user_id FROM jobs j WHERE j.id = OLD.job_id), OLD.fixer_user_id];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_readers := ARRAY[(SELECT j.customer_user_id FROM jobs j WHERE j.id = NEW.job_id), NEW.fixer_user_id];
  END IF;
  PERFORM 1 FROM unread_counts c WHERE c.user_id = ANY (old_readers || new_readers) ORDER BY c.user_id FOR NO KEY UPDATE;
  IF TG_OP <> 'INSERT' THEN
    FOREACH reader IN ARRAY old_readers LOOP
      weight := unread_message_weight(reader, OLD);
      IF weight <> 0 THEN
        UPDATE unread_counts SET messages = messages - weight WHERE user_id = reader;
      END IF;
    END LOOP;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    FOREACH reader IN ARRAY new_readers LOOP
      weight := unread_message_weight(reader, NEW);
      IF weight <> 0 THEN
        UPDATE unread_counts SET messages = messages + weight WHERE user_id = reader;
      END IF;
    END LOOP;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- A removal is counted BEFORE it happens, against the rows as they are at that moment: removals by
-- cascade (a person's account deleted takes their jobs, messages and read markers in one statement)
-- would otherwise all be counted at the end of the statement, each against the others' absence.
CREATE TRIGGER job_messages_unread_counts AFTER INSERT OR UPDATE OF job_id, fixer_user_id, sender_user_id, hidden_at ON job_messages
  FOR EACH ROW EXECUTE FUNCTION job_messages_unread_counts();--> statement-breakpoint
CREATE TRIGGER job_messages_unread_counts_removed BEFORE DELETE ON job_messages
  FOR EACH ROW EXECUTE FUNCTION job_messages_unread_counts();--> statement-breakpoint
CREATE FUNCTION thread_reads_unread_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r thread_reads;
  was bigint := 0;
  now_read bigint := 0;
  roles integer;
  n integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    r := OLD;
    was := OLD.last_read_message_id;
  ELSE
    r := NEW;
    now_read := NEW.last_read_message_id;
    IF TG_OP = 'UPDATE' THEN
      was := OLD.last_read_message_id;
    END IF;
  END IF;
  IF was = now_read THEN
    RETURN r;
  END IF;
  PERFORM 1 FROM unread_counts c WHERE c.user_id = r.user_id FOR NO KEY UPDATE;
  roles := (CASE WHEN r.fixer_user_id = r.user_id THEN 1 ELSE 0 END)
    + coalesce((SELECT CASE WHEN j.customer_user_id = r.user_id THEN 1 ELSE 0 END FROM jobs j WHERE j.id = r.job_id), 0);
  IF roles = 0 THEN
    RETURN r;
  END IF;
  SELECT count(*) INTO n FROM job_messages m
    WHERE m.job_id = r.job_id AND m.fixer_user_id = r.fixer_user_id
      AND m.id > least(was, now_read) AND m.id <= greatest(was, now_read)
      AND m.hidden_at IS NULL AND m.sender_user_id IS DISTINCT FROM r.user_id;
  IF n <> 0 THEN
    UPDATE unread_counts SET messages = messages + (CASE WHEN now_read > was THEN -1 ELSE 1 END) * n * roles WHERE user_id = r.user_id;
  END IF;
  RETURN r;
END;
$$;--> statement-breakpoint
CREATE TRIGGER thread_reads_unread_counts AFTER INSERT OR UPDATE OF last_read_message_id ON thread_reads
  FOR EACH ROW EXECUTE FUNCTION thread_reads_unread_counts();--> statement-breakpoint
CREATE TRIGGER thread_reads_unread_counts_removed BEFORE DELETE ON thread_reads
  FOR EACH ROW EXECUTE FUNCTION thread_reads_unread_counts();--> statement-breakpoint
-- Notifications: a row's own read_at decides, so one set-based update per statement (marking all read
-- moves the counter once, whatever the number of rows).
CREATE FUNCTION notifications_unread_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE unread_counts c SET notifications = c.notifications + d.n
      FROM (SELECT user_id, count(*) AS n FROM new_rows WHERE read_at IS NULL GROUP BY user_id ORDER BY user_id) d WHERE c.user_id = d.user_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE unread_counts c SET notifications = c.notifications - d.n
      FROM (SELECT user_id, count(*) AS n FROM old_rows WHERE read_at IS NULL GROUP BY user_id ORDER BY user_id) d WHERE c.user_id = d.user_id;
  ELSE
    UPDATE unread_counts c SET notifications = c.notifications + d.n
      FROM (SELECT user_id, sum(n) AS n FROM (
          SELECT user_id, 1 AS n FROM new_rows WHERE read_at IS NULL
          UNION ALL SELECT user_id, -1 FROM old_rows WHERE read_at IS NULL) x
        GROUP BY user_id HAVING sum(n) <> 0 ORDER BY user_id) d
      WHERE c.user_id = d.user_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER notifications_unread_counts_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_unread_counts();--> statement-breakpoint
CREATE TRIGGER notifications_unread_counts_update AFTER UPDATE ON notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_unread_counts();--> statement-breakpoint
CREATE TRIGGER notifications_unread_counts_delete AFTER DELETE ON notifications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_unread_counts();--> statement-breakpoint
-- The recount the counters must equal (the tests compare them; an operator can too): per person,
-- messages to them unread and notifications without read_at.
CREATE FUNCTION unread_counts_recount() RETURNS TABLE (user_id text, messages integer, notifications integer) LANGUAGE sql STABLE AS $$
  SELECT u.id,
    coalesce(m.n, 0)::integer,
    coalesce(n.n, 0)::integer
  FROM users u
  LEFT JOIN (
    SELECT x.reader, count(*) AS n FROM (
      SELECT j.customer_user_id AS reader, m.id, m.job_id, m.fixer_user_id, m.sender_user_id, m.hidden_at FROM job_messages m JOIN jobs j ON j.id = m.job_id
      UNION ALL
      SELECT m.fixer_user_id, m.id, m.job_id, m.fixer_user_id, m.sender_user_id, m.hidden_at FROM job_messages m) x
    LEFT JOIN thread_reads r ON r.user_id = x.reader AND r.job_id = x.job_id AND r.fixer_user_id = x.fixer_user_id
    WHERE x.hidden_at IS NULL AND x.sender_user_id IS DISTINCT FROM x.reader AND x.id > coalesce(r.last_read_message_id, 0)
    GROUP BY x.reader) m ON m.reader = u.id
  LEFT JOIN (SELECT nn.user_id, count(*) AS n FROM notifications nn WHERE nn.read_at IS NULL GROUP BY nn.user_id) n ON n.user_id = u.id
$$;--> statement-breakpoint
-- Backfill from the existing rows (the triggers above keep them from here; the migration's transaction
-- holds the tables' trigger locks, so no write falls between the two).
INSERT INTO unread_counts (user_id, messages, notifications) SELECT user_id, messages, notifications FROM unread_counts_recount();
