-- CreateTable
CREATE TABLE "number_hold" (
    "number_e164" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "held_until" TIMESTAMPTZ(3) NOT NULL,
    "user_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "number_hold_pkey" PRIMARY KEY ("number_e164")
);

-- CreateIndex
CREATE INDEX "number_hold_organization_id_held_until_idx" ON "number_hold"("organization_id", "held_until");

-- AddForeignKey
ALTER TABLE "number_hold" ADD CONSTRAINT "number_hold_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "number_hold" ADD CONSTRAINT "number_hold_number_e164_fkey" FOREIGN KEY ("number_e164") REFERENCES "inventory_number"("number_e164") ON DELETE CASCADE ON UPDATE CASCADE;
