-- Port-in orders (docs/CONTRACT.md §20): a customer brings numbers they hold at another carrier.
-- port_order is one order (one losing carrier, country and number type) with its account PIN
-- encrypted at rest; port_order_number its numbers; port_order_event its timeline (comments
-- included); loa_signature the single-use signing links of its letter of authorization;
-- port_out_request the log of other carriers' requests to take a number away. A number being
-- ported in has a configuration with status 'porting'. 'porting' is added with ADD VALUE and is
-- not used in this migration (a value added so cannot be used in the transaction that adds it).
-- CreateEnum
CREATE TYPE "port_order_status" AS ENUM ('draft', 'submitted', 'exception', 'foc_confirmed', 'activating', 'ported', 'partially_ported', 'cancel_pending', 'cancelled');

-- CreateEnum
CREATE TYPE "port_number_status" AS ENUM ('pending', 'ported', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "port_order_event_kind" AS ENUM ('status_changed', 'foc_changed', 'comment', 'exception', 'carrier_note');

-- CreateEnum
CREATE TYPE "port_actor_kind" AS ENUM ('member', 'token', 'support', 'system');

-- CreateEnum
CREATE TYPE "port_out_outcome" AS ENUM ('accepted', 'refused');

-- AlterEnum
ALTER TYPE "number_status" ADD VALUE 'porting';

-- AlterTable
ALTER TABLE "number_configuration" ADD COLUMN     "port_order_id" TEXT,
ADD COLUMN     "port_out_pin_hash" TEXT;

-- CreateTable
CREATE TABLE "port_order" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "status" "port_order_status" NOT NULL DEFAULT 'draft',
    "country" CHAR(2) NOT NULL,
    "losing_carrier" TEXT NOT NULL,
    "number_type" TEXT NOT NULL,
    "end_user_id" TEXT NOT NULL,
    "address_id" TEXT NOT NULL,
    "account_number" TEXT NOT NULL,
    "pin_ciphertext" TEXT,
    "authorized_person" TEXT NOT NULL,
    "requested_foc_date" DATE NOT NULL,
    "foc_at" TIMESTAMPTZ(3),
    "configuration" JSONB,
    "loa_document_id" TEXT,
    "exception_details" JSONB,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_by" TEXT NOT NULL,
    "submitted_at" TIMESTAMPTZ(3),
    "cancel_requested_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "port_order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "port_order_number" (
    "id" TEXT NOT NULL,
    "port_order_id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "number_e164" TEXT NOT NULL,
    "status" "port_number_status" NOT NULL DEFAULT 'pending',
    "failure_reason" TEXT,
    "number_configuration_id" TEXT,

    CONSTRAINT "port_order_number_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "port_order_event" (
    "id" TEXT NOT NULL,
    "port_order_id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "kind" "port_order_event_kind" NOT NULL,
    "from_status" "port_order_status",
    "to_status" "port_order_status",
    "actor_kind" "port_actor_kind" NOT NULL,
    "actor_id" TEXT,
    "body" TEXT,
    "details" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "port_order_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "loa_signature" (
    "id" TEXT NOT NULL,
    "port_order_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "signed_at" TIMESTAMPTZ(3),
    "signer_address" TEXT,
    "document_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "loa_signature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "port_out_request" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "number_configuration_id" TEXT,
    "number_e164" TEXT NOT NULL,
    "outcome" "port_out_outcome" NOT NULL,
    "reason" TEXT,
    "requested_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "port_out_request_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "port_order_organization_id_created_at_idx" ON "port_order"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "port_order_status_foc_at_idx" ON "port_order"("status", "foc_at");

-- CreateIndex
CREATE INDEX "port_order_number_number_e164_idx" ON "port_order_number"("number_e164");

-- CreateIndex
CREATE INDEX "port_order_number_number_configuration_id_idx" ON "port_order_number"("number_configuration_id");

-- CreateIndex
CREATE UNIQUE INDEX "port_order_number_port_order_id_number_e164_key" ON "port_order_number"("port_order_id", "number_e164");

-- CreateIndex
CREATE INDEX "port_order_event_port_order_id_created_at_id_idx" ON "port_order_event"("port_order_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "loa_signature_token_hash_key" ON "loa_signature"("token_hash");

-- CreateIndex
CREATE INDEX "loa_signature_port_order_id_idx" ON "loa_signature"("port_order_id");

-- CreateIndex
CREATE INDEX "port_out_request_organization_id_created_at_idx" ON "port_out_request"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "port_out_request_number_configuration_id_idx" ON "port_out_request"("number_configuration_id");

-- AddForeignKey
ALTER TABLE "number_configuration" ADD CONSTRAINT "number_configuration_port_order_id_fkey" FOREIGN KEY ("port_order_id") REFERENCES "port_order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "port_order" ADD CONSTRAINT "port_order_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "port_order" ADD CONSTRAINT "port_order_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "end_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "port_order" ADD CONSTRAINT "port_order_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "compliance_address"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "port_order" ADD CONSTRAINT "port_order_loa_document_id_fkey" FOREIGN KEY ("loa_document_id") REFERENCES "compliance_document"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "port_order_number" ADD CONSTRAINT "port_order_number_port_order_id_fkey" FOREIGN KEY ("port_order_id") REFERENCES "port_order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "port_order_number" ADD CONSTRAINT "port_order_number_number_configuration_id_fkey" FOREIGN KEY ("number_configuration_id") REFERENCES "number_configuration"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "port_order_event" ADD CONSTRAINT "port_order_event_port_order_id_fkey" FOREIGN KEY ("port_order_id") REFERENCES "port_order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "loa_signature" ADD CONSTRAINT "loa_signature_port_order_id_fkey" FOREIGN KEY ("port_order_id") REFERENCES "port_order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "loa_signature" ADD CONSTRAINT "loa_signature_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "compliance_document"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "port_out_request" ADD CONSTRAINT "port_out_request_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "port_out_request" ADD CONSTRAINT "port_out_request_number_configuration_id_fkey" FOREIGN KEY ("number_configuration_id") REFERENCES "number_configuration"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A number is in at most one open port, across every organization: two orders (or two requests
-- at once) cannot both hold it pending. Prisma cannot describe a partial index, so it lives here.
CREATE UNIQUE INDEX "port_order_number_open_number_key" ON "port_order_number"("number_e164")
  WHERE "status" = 'pending';

-- The documents store's types for porting: the signed letter of authorization (made by the
-- signing link) and a recent bill from the losing carrier, which carriers ask for. The seed
-- writes the same rows (prisma/seed/data/document-types.ts).
INSERT INTO "document_type" ("id", "name", "more_information") VALUES
  ('signed_loa', 'Signed letter of authorization',
   'The letter of authorization for a port-in, signed by the person authorized on the account at the losing carrier.'),
  ('bill', 'Recent bill',
   'A bill from the losing carrier no older than three months, showing the account number and the numbers to port.')
ON CONFLICT ("id") DO NOTHING;
