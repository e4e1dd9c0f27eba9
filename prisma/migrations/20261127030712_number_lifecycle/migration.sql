-- Number lifecycle (contract §16): status, the restore window, the lock and tags of an
-- organization's number. Every existing number is active, unlocked and untagged.
-- CreateEnum
CREATE TYPE "number_status" AS ENUM ('active', 'pending_documents', 'aging');

-- AlterTable
ALTER TABLE "number_configuration" ADD COLUMN     "locked" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "restorable_until" TIMESTAMPTZ(3),
ADD COLUMN     "status" "number_status" NOT NULL DEFAULT 'active',
ADD COLUMN     "tags" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "number_configuration_status_restorable_until_idx" ON "number_configuration"("status", "restorable_until");

-- CreateIndex
CREATE INDEX "number_configuration_tags_idx" ON "number_configuration" USING GIN ("tags");
