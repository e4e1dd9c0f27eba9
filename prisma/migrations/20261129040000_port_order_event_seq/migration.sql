-- The timeline is read in (created_at, seq) order (seq: the order entries were written in, added
-- by the port_number_draft migration): the carrier driver and the port desk make several moves
-- at one instant of the clock (activating, then ported). The index follows the reading order.
-- DropIndex
DROP INDEX "port_order_event_port_order_id_created_at_id_idx";

-- CreateIndex
CREATE INDEX "port_order_event_port_order_id_created_at_seq_idx" ON "port_order_event"("port_order_id", "created_at", "seq");
