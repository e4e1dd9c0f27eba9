-- AlterTable
ALTER TABLE "number_configuration" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "configuration_change" (
    "id" SERIAL NOT NULL,
    "configuration_id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_user_id" TEXT,
    "actor_token_id" TEXT,
    "actor_name" TEXT NOT NULL,
    "actor_role" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "configuration_change_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "configuration_change_configuration_id_id_idx" ON "configuration_change"("configuration_id", "id");
