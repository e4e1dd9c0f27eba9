-- Two-factor sign-in (contract §15): a TOTP secret per person, encrypted with
-- DATA_ENCRYPTION_KEY (lib/crypto/data-key.ts), single-use recovery codes stored hashed, and
-- an organization setting that requires it of every member.
ALTER TABLE "organization" ADD COLUMN "require_two_factor" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "app_user" ADD COLUMN "totp_secret" TEXT;
ALTER TABLE "app_user" ADD COLUMN "totp_pending_secret" TEXT;
ALTER TABLE "app_user" ADD COLUMN "totp_enabled_at" TIMESTAMPTZ(3);
ALTER TABLE "app_user" ADD COLUMN "totp_last_step" INTEGER;

CREATE TABLE "two_factor_recovery_code" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "two_factor_recovery_code_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "two_factor_recovery_code_user_id_code_hash_key" ON "two_factor_recovery_code"("user_id", "code_hash");

ALTER TABLE "two_factor_recovery_code" ADD CONSTRAINT "two_factor_recovery_code_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
