-- A recent bill from the losing carrier may be attached to a port order: a document of the
-- organization's compliance store (document type bill), named by the order like its signed LOA.
-- AlterTable
ALTER TABLE "port_order" ADD COLUMN "bill_document_id" TEXT;

-- AddForeignKey
ALTER TABLE "port_order" ADD CONSTRAINT "port_order_bill_document_id_fkey" FOREIGN KEY ("bill_document_id") REFERENCES "compliance_document"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The LOA's signature gets its own timeline kind (it was written as a carrier_note). Added, not
-- used, in this migration: PostgreSQL refuses a new enum value in the transaction that adds it.
-- AlterEnum
ALTER TYPE "port_order_event_kind" ADD VALUE 'loa_signed';
