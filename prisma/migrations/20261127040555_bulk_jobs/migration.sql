-- Bulk jobs (contract §16): a job and one item per number, claimed by the worker under a lease.
-- CreateTable
CREATE TABLE "job" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "params" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "actor_user_id" TEXT,
    "actor_token_id" TEXT,
    "actor_kind" TEXT NOT NULL,
    "actor_scopes" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    "locked_until" TIMESTAMPTZ(3),
    "claim_token" TEXT,

    CONSTRAINT "job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_item" (
    "job_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "number_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "error" JSONB,
    "done_at" TIMESTAMPTZ(3),

    CONSTRAINT "job_item_pkey" PRIMARY KEY ("job_id","position")
);

-- CreateIndex
CREATE INDEX "job_status_locked_until_idx" ON "job"("status", "locked_until");

-- CreateIndex
CREATE INDEX "job_organization_id_created_at_idx" ON "job"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "job_item_job_id_status_position_idx" ON "job_item"("job_id", "status", "position");

-- AddForeignKey
ALTER TABLE "job" ADD CONSTRAINT "job_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_item" ADD CONSTRAINT "job_item_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "job"("id") ON DELETE CASCADE ON UPDATE CASCADE;
