-- The audit log (contract §15): one row per change, written in the change's transaction and
-- kept 365 days. organization_id is null only for a failed sign-in naming no account.
-- CreateTable
CREATE TABLE "audit_event" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_name" TEXT NOT NULL,
    "ip" TEXT,
    "action" TEXT NOT NULL,
    "resource_type" TEXT NOT NULL,
    "resource_id" TEXT,
    "changes" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "audit_event_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_event_organization_id_at_id_idx" ON "audit_event"("organization_id", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_event_organization_id_action_at_idx" ON "audit_event"("organization_id", "action", "at" DESC);

-- CreateIndex
CREATE INDEX "audit_event_organization_id_resource_type_resource_id_at_idx" ON "audit_event"("organization_id", "resource_type", "resource_id", "at" DESC);

-- CreateIndex
CREATE INDEX "audit_event_organization_id_actor_id_at_idx" ON "audit_event"("organization_id", "actor_id", "at" DESC);

-- CreateIndex
CREATE INDEX "audit_event_at_idx" ON "audit_event"("at");

-- AddForeignKey
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
