-- Regulatory compliance (contract §17): end users, addresses, documents (the file encrypted in
-- content), bundles and the documents they hold; a bundle's state machine is lib/compliance/bundle-states.ts.
-- CreateEnum
CREATE TYPE "end_user_type" AS ENUM ('individual', 'business');

-- CreateEnum
CREATE TYPE "bundle_status" AS ENUM ('draft', 'pending_review', 'approved', 'rejected', 'expired');

-- CreateTable
CREATE TABLE "end_user" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "type" "end_user_type" NOT NULL,
    "name" TEXT NOT NULL,
    "business_name" TEXT,
    "registration_number" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "end_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compliance_address" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "postal_code" TEXT NOT NULL,
    "region" TEXT,
    "country_id" CHAR(2) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compliance_address_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compliance_document" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "document_type_id" TEXT NOT NULL,
    "end_user_id" TEXT NOT NULL,
    "address_id" TEXT,
    "expires_on" DATE,
    "file_name" TEXT,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "content" BYTEA,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compliance_document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compliance_bundle" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "country_id" CHAR(2) NOT NULL,
    "number_type_id" TEXT NOT NULL,
    "end_user_id" TEXT NOT NULL,
    "status" "bundle_status" NOT NULL DEFAULT 'draft',
    "valid_until" DATE,
    "submitted_at" TIMESTAMPTZ(3),
    "reviewed_at" TIMESTAMPTZ(3),
    "reviewed_by" TEXT,
    "rejection_reason" TEXT,
    "rejection_notes" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compliance_bundle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compliance_bundle_document" (
    "bundle_id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "compliance_bundle_document_pkey" PRIMARY KEY ("bundle_id","document_id")
);

-- CreateIndex
CREATE INDEX "end_user_organization_id_created_at_idx" ON "end_user"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "compliance_address_organization_id_created_at_idx" ON "compliance_address"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "compliance_document_organization_id_created_at_idx" ON "compliance_document"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "compliance_document_end_user_id_idx" ON "compliance_document"("end_user_id");

-- CreateIndex
CREATE INDEX "compliance_document_address_id_idx" ON "compliance_document"("address_id");

-- CreateIndex
CREATE INDEX "compliance_bundle_organization_id_created_at_idx" ON "compliance_bundle"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "compliance_bundle_status_submitted_at_idx" ON "compliance_bundle"("status", "submitted_at");

-- CreateIndex
CREATE INDEX "compliance_bundle_end_user_id_idx" ON "compliance_bundle"("end_user_id");

-- CreateIndex
CREATE INDEX "compliance_bundle_document_document_id_idx" ON "compliance_bundle_document"("document_id");

-- AddForeignKey
ALTER TABLE "compliance_document" ADD CONSTRAINT "compliance_document_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "end_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compliance_document" ADD CONSTRAINT "compliance_document_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "compliance_address"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compliance_bundle" ADD CONSTRAINT "compliance_bundle_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "end_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compliance_bundle_document" ADD CONSTRAINT "compliance_bundle_document_bundle_id_fkey" FOREIGN KEY ("bundle_id") REFERENCES "compliance_bundle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compliance_bundle_document" ADD CONSTRAINT "compliance_bundle_document_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "compliance_document"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
