-- A session that ends early (revoked, or deleted while still valid) is announced on a channel:
-- NOTIFY is delivered when the transaction commits, to every app node, and each node disconnects
-- that session's sockets (src/realtime/session-revocation.ts). A trigger rather than code in each
-- caller, so no path (logout, password change or reset, account deletion, one device signed out,
-- anything added later) can end a session and leave its chat socket open.
CREATE OR REPLACE FUNCTION sessions_announce_end() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('sciwise_session_ended', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked_announce
AFTER UPDATE OF revoked_at ON sessions
FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
EXECUTE FUNCTION sessions_announce_end();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_announce
AFTER DELETE ON sessions
FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now())
EXECUTE FUNCTION sessions_announce_end();
