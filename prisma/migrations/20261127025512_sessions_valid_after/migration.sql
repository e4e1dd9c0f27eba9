-- "Sign out everywhere", a password change or reset, a removed member: sessions issued
-- before this moment are refused on their next request (lib/auth/end-sessions.ts).
ALTER TABLE "app_user" ADD COLUMN "sessions_valid_after" TIMESTAMPTZ(3);
