-- CreateExtension (by hand: see the datasource block of schema.prisma)
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateEnum
CREATE TYPE "user_role" AS ENUM ('customer', 'support');

-- CreateEnum
CREATE TYPE "inventory_status" AS ENUM ('available', 'sold');

-- CreateEnum
CREATE TYPE "order_status" AS ENUM ('completed', 'backordered', 'partially_fulfilled');

-- CreateEnum
CREATE TYPE "order_item_kind" AS ENUM ('named_number', 'geography');

-- CreateEnum
CREATE TYPE "number_kind" AS ENUM ('number', 'extension');

-- CreateEnum
CREATE TYPE "action_type" AS ENUM ('dial', 'voicemail', 'hangup');

-- CreateEnum
CREATE TYPE "caller_id" AS ENUM ('caller_number', 'dialed_number');

-- CreateTable
CREATE TABLE "organization" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_user" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" "user_role" NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_token" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "user_id" TEXT,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "scopes" TEXT[],
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "country" (
    "id" CHAR(2) NOT NULL,
    "english_name" TEXT NOT NULL,
    "calling_code" TEXT NOT NULL,
    "currency" CHAR(3) NOT NULL,

    CONSTRAINT "country_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "number_type" (
    "id" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "number_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_type" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "more_information" TEXT NOT NULL,

    CONSTRAINT "document_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "country_number_type" (
    "country_id" CHAR(2) NOT NULL,
    "number_type_id" TEXT NOT NULL,

    CONSTRAINT "country_number_type_pkey" PRIMARY KEY ("country_id","number_type_id")
);

-- CreateTable
CREATE TABLE "region" (
    "id" TEXT NOT NULL,
    "country_id" CHAR(2) NOT NULL,
    "number_type_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "state" TEXT,
    "city" TEXT,
    "prefix" TEXT NOT NULL,

    CONSTRAINT "region_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "forwarding_destination" (
    "id" SERIAL NOT NULL,
    "country_id" CHAR(2) NOT NULL,
    "number_type_id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "default_destination" TEXT NOT NULL,
    "best_rate_dial_prefix" TEXT NOT NULL,
    "requires_user_input" BOOLEAN NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "forwarding_destination_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "country_id" CHAR(2) NOT NULL,
    "number_type_id" TEXT NOT NULL,
    "region_id" TEXT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "monthly_fee" DECIMAL(12,2) NOT NULL,
    "setup_fee" DECIMAL(12,2) NOT NULL,
    "included_minutes" INTEGER NOT NULL,
    "overage_fixed_rate_per_minute" DECIMAL(10,4) NOT NULL,
    "overage_mobile_rate_per_minute" DECIMAL(10,4) NOT NULL,
    "standard_capacity" TEXT NOT NULL,
    "estimated_lead_time" TEXT NOT NULL,
    "lead_time_days" INTEGER NOT NULL,
    "geographic_restrictions" TEXT NOT NULL,
    "mobile_accessible" TEXT NOT NULL,
    "outside_country_display" TEXT NOT NULL,
    "portable" TEXT NOT NULL,

    CONSTRAINT "product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_document" (
    "product_id" INTEGER NOT NULL,
    "document_type_id" TEXT NOT NULL,

    CONSTRAINT "product_document_pkey" PRIMARY KEY ("product_id","document_type_id")
);

-- CreateTable
CREATE TABLE "inventory_number" (
    "id" SERIAL NOT NULL,
    "number_e164" TEXT NOT NULL,
    "national_number" TEXT NOT NULL,
    "country_id" CHAR(2) NOT NULL,
    "number_type_id" TEXT NOT NULL,
    "region_id" TEXT NOT NULL,
    "status" "inventory_status" NOT NULL DEFAULT 'available',
    "sms_enabled" BOOLEAN NOT NULL,
    "voice_enabled" BOOLEAN NOT NULL,
    "required_document_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "standard_capacity" TEXT NOT NULL,
    "geographic_restrictions" TEXT NOT NULL,
    "mobile_accessible" TEXT NOT NULL,
    "outside_country_display" TEXT NOT NULL,
    "portable" TEXT NOT NULL,
    "order_item_id" INTEGER,
    "sold_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inventory_number_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order" (
    "id" SERIAL NOT NULL,
    "reference_id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "placed_by_user_id" TEXT,
    "placed_by_token_id" TEXT,
    "contact_name" TEXT NOT NULL,
    "reference_number" TEXT,
    "status" "order_status" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_item" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" "order_item_kind" NOT NULL,
    "number_e164" TEXT,
    "country_id" CHAR(2) NOT NULL,
    "number_type_id" TEXT NOT NULL,
    "region_id" TEXT,
    "product_id" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "backordered_quantity" INTEGER NOT NULL DEFAULT 0,
    "currency" CHAR(3) NOT NULL,
    "monthly_fee" DECIMAL(12,2) NOT NULL,
    "setup_fee" DECIMAL(12,2) NOT NULL,
    "estimated_lead_time" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_record" (
    "organization_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status_code" INTEGER NOT NULL,
    "response_body" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_record_pkey" PRIMARY KEY ("organization_id","key")
);

-- CreateTable
CREATE TABLE "number_configuration" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "kind" "number_kind" NOT NULL,
    "number" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "inventory_number_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "number_configuration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rule" (
    "id" SERIAL NOT NULL,
    "configuration_id" TEXT NOT NULL,
    "target_id" TEXT,
    "name" TEXT NOT NULL,
    "priority" INTEGER NOT NULL,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "action_type" "action_type" NOT NULL,
    "destination" TEXT,
    "timeout_sec" INTEGER,
    "caller_id" "caller_id",
    "tags" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "rule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "activation" (
    "id" SERIAL NOT NULL,
    "rule_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "starts_at" TIMESTAMPTZ(0) NOT NULL,
    "stops_at" TIMESTAMPTZ(0),
    "days" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "start_time" TEXT,
    "stop_time" TEXT,
    "time_zone" TEXT NOT NULL,

    CONSTRAINT "activation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "app_user_email_key" ON "app_user"("email");

-- CreateIndex
CREATE INDEX "app_user_organization_id_idx" ON "app_user"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_token_token_hash_key" ON "api_token"("token_hash");

-- CreateIndex
CREATE INDEX "api_token_organization_id_idx" ON "api_token"("organization_id");

-- CreateIndex
CREATE INDEX "region_country_id_name_idx" ON "region"("country_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "forwarding_destination_country_id_number_type_id_code_key" ON "forwarding_destination"("country_id", "number_type_id", "code");

-- CreateIndex
CREATE INDEX "product_country_id_number_type_id_region_id_idx" ON "product"("country_id", "number_type_id", "region_id");

-- CreateIndex
CREATE UNIQUE INDEX "product_region_id_name_key" ON "product"("region_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "inventory_number_number_e164_key" ON "inventory_number"("number_e164");

-- CreateIndex
CREATE INDEX "inventory_number_country_id_status_number_e164_idx" ON "inventory_number"("country_id", "status", "number_e164");

-- CreateIndex
CREATE INDEX "inventory_number_country_id_number_type_id_status_number_e1_idx" ON "inventory_number"("country_id", "number_type_id", "status", "number_e164");

-- CreateIndex
CREATE INDEX "inventory_number_region_id_status_number_e164_idx" ON "inventory_number"("region_id", "status", "number_e164");

-- CreateIndex
CREATE INDEX "inventory_number_order_item_id_idx" ON "inventory_number"("order_item_id");

-- CreateIndex
CREATE INDEX "inventory_number_national_number_trgm_idx" ON "inventory_number" USING GIN ("national_number" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "inventory_number_number_e164_trgm_idx" ON "inventory_number" USING GIN ("number_e164" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "order_reference_id_key" ON "order"("reference_id");

-- CreateIndex
CREATE INDEX "order_organization_id_created_at_idx" ON "order"("organization_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "order_item_country_id_number_type_id_region_id_backordered__idx" ON "order_item"("country_id", "number_type_id", "region_id", "backordered_quantity");

-- CreateIndex
CREATE UNIQUE INDEX "order_item_order_id_position_key" ON "order_item"("order_id", "position");

-- CreateIndex
CREATE INDEX "idempotency_record_expires_at_idx" ON "idempotency_record"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "number_configuration_inventory_number_id_key" ON "number_configuration"("inventory_number_id");

-- CreateIndex
CREATE INDEX "number_configuration_number_idx" ON "number_configuration"("number");

-- CreateIndex
CREATE UNIQUE INDEX "number_configuration_organization_id_number_key" ON "number_configuration"("organization_id", "number");

-- CreateIndex
CREATE INDEX "rule_configuration_id_priority_idx" ON "rule"("configuration_id", "priority");

-- CreateIndex
CREATE UNIQUE INDEX "activation_rule_id_position_key" ON "activation"("rule_id", "position");

-- AddForeignKey
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "country_number_type" ADD CONSTRAINT "country_number_type_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "country"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "country_number_type" ADD CONSTRAINT "country_number_type_number_type_id_fkey" FOREIGN KEY ("number_type_id") REFERENCES "number_type"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "region" ADD CONSTRAINT "region_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "country"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "region" ADD CONSTRAINT "region_number_type_id_fkey" FOREIGN KEY ("number_type_id") REFERENCES "number_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forwarding_destination" ADD CONSTRAINT "forwarding_destination_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "country"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forwarding_destination" ADD CONSTRAINT "forwarding_destination_number_type_id_fkey" FOREIGN KEY ("number_type_id") REFERENCES "number_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product" ADD CONSTRAINT "product_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "country"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product" ADD CONSTRAINT "product_number_type_id_fkey" FOREIGN KEY ("number_type_id") REFERENCES "number_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product" ADD CONSTRAINT "product_region_id_fkey" FOREIGN KEY ("region_id") REFERENCES "region"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_document" ADD CONSTRAINT "product_document_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_document" ADD CONSTRAINT "product_document_document_type_id_fkey" FOREIGN KEY ("document_type_id") REFERENCES "document_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_number" ADD CONSTRAINT "inventory_number_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "country"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_number" ADD CONSTRAINT "inventory_number_number_type_id_fkey" FOREIGN KEY ("number_type_id") REFERENCES "number_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_number" ADD CONSTRAINT "inventory_number_region_id_fkey" FOREIGN KEY ("region_id") REFERENCES "region"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_number" ADD CONSTRAINT "inventory_number_order_item_id_fkey" FOREIGN KEY ("order_item_id") REFERENCES "order_item"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order" ADD CONSTRAINT "order_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_record" ADD CONSTRAINT "idempotency_record_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "number_configuration" ADD CONSTRAINT "number_configuration_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "number_configuration" ADD CONSTRAINT "number_configuration_inventory_number_id_fkey" FOREIGN KEY ("inventory_number_id") REFERENCES "inventory_number"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rule" ADD CONSTRAINT "rule_configuration_id_fkey" FOREIGN KEY ("configuration_id") REFERENCES "number_configuration"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activation" ADD CONSTRAINT "activation_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "rule"("id") ON DELETE CASCADE ON UPDATE CASCADE;
