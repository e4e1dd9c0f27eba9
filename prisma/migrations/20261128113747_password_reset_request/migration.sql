-- A password reset asked for and not yet acted on: the request writes only this row, whatever
-- the email, and the worker makes the link and the email for an account (or nothing) and
-- deletes it (lib/accounts/password-reset.ts).
-- CreateTable
CREATE TABLE "password_reset_request" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "ip" TEXT,
    "requested_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "password_reset_request_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "password_reset_request_requested_at_idx" ON "password_reset_request"("requested_at");
