-- A port order's timeline in the order it was written (docs/CONTRACT.md §20): the carrier driver
-- and the port desk make several moves at one instant of the clock (activating, then ported), and
-- (created_at, id) put those in a random order. seq numbers the entries as they are inserted;
-- the timeline reads (created_at, seq).
-- AlterTable
ALTER TABLE "port_order_event" ADD COLUMN     "seq" BIGSERIAL NOT NULL;

-- DropIndex
DROP INDEX "port_order_event_port_order_id_created_at_id_idx";

-- CreateIndex
CREATE INDEX "port_order_event_port_order_id_created_at_seq_idx" ON "port_order_event"("port_order_id", "created_at", "seq");
