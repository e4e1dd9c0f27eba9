-- Activation gated by documents (contract §17): a pending number's deadline and its one
-- reminder, and the approved bundle an order item names.
-- AlterTable
ALTER TABLE "number_configuration" ADD COLUMN     "documents_due" TIMESTAMPTZ(3),
ADD COLUMN     "documents_reminded_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "order_item" ADD COLUMN     "bundle_id" TEXT;

-- CreateIndex
CREATE INDEX "number_configuration_status_documents_due_idx" ON "number_configuration"("status", "documents_due");
