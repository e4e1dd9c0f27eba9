-- Single sign-on: a sign-in on its way through the provider (state hashed, nonce, PKCE verifier),
-- used up when the person comes back, so a replayed state finds nothing.
-- CreateTable
CREATE TABLE "sso_sign_in" (
    "state_hash" TEXT NOT NULL,
    "connection_id" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "callback_path" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sso_sign_in_pkey" PRIMARY KEY ("state_hash")
);

-- CreateIndex
CREATE INDEX "sso_sign_in_expires_at_idx" ON "sso_sign_in"("expires_at");

-- AddForeignKey
ALTER TABLE "sso_sign_in" ADD CONSTRAINT "sso_sign_in_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "sso_connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
