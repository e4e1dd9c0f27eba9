-- AlterTable: people who existed before verification was asked for count as verified.
ALTER TABLE "app_user" ADD COLUMN "email_verified_at" TIMESTAMPTZ(3);
UPDATE "app_user" SET "email_verified_at" = "created_at";

-- CreateEnum
CREATE TYPE "account_link_purpose" AS ENUM ('verify_email', 'password_reset');

-- CreateTable
CREATE TABLE "account_link" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "purpose" "account_link_purpose" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_link_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "account_link_token_hash_key" ON "account_link"("token_hash");

-- CreateIndex
CREATE INDEX "account_link_user_id_purpose_idx" ON "account_link"("user_id", "purpose");

-- AddForeignKey
ALTER TABLE "account_link" ADD CONSTRAINT "account_link_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
