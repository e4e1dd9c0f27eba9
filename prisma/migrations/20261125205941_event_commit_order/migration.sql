-- GET /events?after= never skips an event whose transaction commits after a later-ordered one
-- (contract §14): each event keeps its transaction's id, and listings order by (xid, seq) and
-- show an event once every lower transaction id has ended. Existing events are all committed;
-- they take this migration's transaction id, which sorts after nothing that still runs.
-- DropIndex
DROP INDEX "event_organization_id_seq_idx";

-- AlterTable
ALTER TABLE "event" ADD COLUMN     "xid" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint;

-- CreateIndex
CREATE INDEX "event_organization_id_xid_seq_idx" ON "event"("organization_id", "xid", "seq");
