-- One row per member who has orders: how many orders the member sees, by order type, and a version that grows
-- with every statement that writes the member's orders or their lines. Derived data, kept by the triggers below
-- whichever code (API, operator command line, plain SQL) writes the orders: the badges read the counts, and the
-- order list's first page is cached by version (modules/orders/member-order-stats.ts).
CREATE TABLE "member_order_stats" (
  "member_id" bigint PRIMARY KEY NOT NULL REFERENCES "members"("id"),
  "version" bigint NOT NULL DEFAULT 0,
  -- Visible orders (not deleted, not a split container) by order type, e.g. {"waitPay": 2, "canceled": 5}.
  "counts" jsonb NOT NULL DEFAULT '{}'::jsonb
);
--> statement-breakpoint
-- Recounts the members' orders and moves their versions on (NULL, no members: nothing to do). The rows are
-- locked first, in member order: two writers of one member's orders take turns (the second waits until the
-- first commits) and never deadlock, and the recount, a later statement, sees under READ COMMITTED every order
-- the writer it waited for committed.
CREATE FUNCTION refresh_member_order_stats(member_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_order_stats (member_id)
    SELECT id FROM unnest(member_ids) AS id ORDER BY id
    ON CONFLICT (member_id) DO NOTHING;
  PERFORM 1 FROM member_order_stats WHERE member_id = ANY (member_ids) ORDER BY member_id FOR UPDATE;
  UPDATE member_order_stats AS stats
    SET version = stats.version + 1,
        counts = coalesce((
          SELECT jsonb_object_agg(by_type.order_type, by_type.n)
          FROM (
            SELECT o.order_type, count(*) AS n FROM orders AS o
            WHERE o.member_id = stats.member_id AND o.deleted_at IS NULL AND o.is_split = false
            GROUP BY o.order_type
          ) AS by_type
        ), '{}'::jsonb)
    WHERE stats.member_id = ANY (member_ids);
END;
$$;
--> statement-breakpoint
-- Statement triggers with transition tables: one refresh per statement and member, however many rows it wrote.
CREATE FUNCTION orders_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member_ids bigint[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- An order can move to another member (account merge): both members change.
    SELECT array_agg(DISTINCT member_id) INTO member_ids
      FROM (SELECT member_id FROM old_rows UNION ALL SELECT member_id FROM written_rows) AS touched;
  ELSE
    SELECT array_agg(DISTINCT member_id) INTO member_ids FROM written_rows;
  END IF;
  PERFORM refresh_member_order_stats(member_ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_written();
--> statement-breakpoint
CREATE TRIGGER orders_stats_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_written();
--> statement-breakpoint
CREATE TRIGGER orders_stats_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_written();
--> statement-breakpoint
-- An order's lines show in the list too.
CREATE FUNCTION order_lines_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member_ids bigint[];
BEGIN
  SELECT array_agg(DISTINCT o.member_id) INTO member_ids
    FROM written_rows AS l JOIN orders AS o ON o.id = l.order_id;
  PERFORM refresh_member_order_stats(member_ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_lines_stats_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION order_lines_written();
--> statement-breakpoint
CREATE TRIGGER order_lines_stats_update AFTER UPDATE ON order_lines
  REFERENCING NEW TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION order_lines_written();
--> statement-breakpoint
CREATE TRIGGER order_lines_stats_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION order_lines_written();
--> statement-breakpoint
SELECT refresh_member_order_stats(array_agg(DISTINCT member_id)) FROM orders;
