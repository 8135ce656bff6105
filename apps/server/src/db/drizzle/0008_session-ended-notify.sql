-- Every server process keeps a short-lived cache of active sign-ins (modules/auth/session-cache.ts). When a
-- sign-in ends (revoked, moved to another member, deleted), this trigger tells every listening process, so
-- the cached entry goes at once, whichever process or command line wrote the change. NOTIFY is sent at commit.
CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     OR NEW.revoked_at IS DISTINCT FROM OLD.revoked_at
     OR NEW.member_id IS DISTINCT FROM OLD.member_id THEN
    PERFORM pg_notify('session_ended', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_ended AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_ended();
