-- Each app instance keeps resolved API tokens in memory for a few seconds (lib/auth/token-cache.ts)
-- and LISTENs on this channel: a change that can make a token invalid (revoked, expired, other
-- scopes, its creator's role) reaches every instance when it commits, whoever made it, so a
-- revocation holds everywhere within milliseconds rather than after the cache's lifetime.
-- The payload is the token's hash (never its secret), or '*' for "forget every token".
CREATE FUNCTION "notify_api_token_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'api_token' THEN
    PERFORM pg_notify('api_token_changed', OLD."token_hash");
  ELSE
    PERFORM pg_notify('api_token_changed', '*');
  END IF;
  RETURN NULL;
END
$$;

-- last_used_at is left out: it changes once a minute per token and changes nothing a request checks.
CREATE TRIGGER "api_token_changed"
  AFTER UPDATE OF "revoked_at", "expires_at", "scopes", "token_hash", "user_id", "organization_id" OR DELETE
  ON "api_token" FOR EACH ROW EXECUTE FUNCTION "notify_api_token_changed"();

-- A token's role is its creator's.
CREATE TRIGGER "app_user_role_changed"
  AFTER UPDATE OF "role" OR DELETE
  ON "app_user" FOR EACH STATEMENT EXECUTE FUNCTION "notify_api_token_changed"();
