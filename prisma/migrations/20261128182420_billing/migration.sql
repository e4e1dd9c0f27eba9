-- Billing: accounts per (organization, currency), the append-only ledger, invoices with their
-- lines and gapless number series, payment allocations, billing profiles and alerts.
-- Money is integers of the currency's minor unit; ledger amounts are signed from the customer's
-- side (a charge negative). The triggers at the end hold the rules no writer may forget.
-- CreateEnum
CREATE TYPE "ledger_kind" AS ENUM ('setup_fee', 'prorated_fee', 'recurring_fee', 'tax', 'payment', 'credit', 'reversal');

-- CreateEnum
CREATE TYPE "billing_standing" AS ENUM ('good_standing', 'past_due', 'suspended');

-- CreateEnum
CREATE TYPE "invoice_status" AS ENUM ('draft', 'open', 'paid', 'void', 'uncollectible');

-- CreateEnum
CREATE TYPE "invoice_kind" AS ENUM ('invoice', 'credit_note');

-- CreateTable
CREATE TABLE "billing_account" (
    "organization_id" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "balance_minor" BIGINT NOT NULL DEFAULT 0,
    "credit_limit_minor" BIGINT NOT NULL,
    "standing" "billing_standing" NOT NULL DEFAULT 'good_standing',
    "standing_since" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "billing_account_pkey" PRIMARY KEY ("organization_id","currency")
);

-- CreateTable
CREATE TABLE "ledger_entry" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "kind" "ledger_kind" NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "description" TEXT NOT NULL,
    "number_id" TEXT,
    "number_e164" TEXT,
    "order_id" INTEGER,
    "period_start" DATE,
    "period_end" DATE,
    "reference" TEXT,
    "idempotency_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ledger_entry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "kind" "invoice_kind" NOT NULL DEFAULT 'invoice',
    "number" TEXT,
    "status" "invoice_status" NOT NULL DEFAULT 'draft',
    "period_start" DATE NOT NULL,
    "period_end" DATE NOT NULL,
    "issued_at" TIMESTAMPTZ(3),
    "due_at" TIMESTAMPTZ(3),
    "subtotal_minor" BIGINT NOT NULL,
    "tax_minor" BIGINT NOT NULL,
    "total_minor" BIGINT NOT NULL,
    "tax_rate_bp" INTEGER NOT NULL,
    "tax_treatment" TEXT NOT NULL,
    "tax_note" TEXT,
    "seller" JSONB NOT NULL,
    "buyer" JSONB NOT NULL,
    "credits_invoice_id" TEXT,
    "run_key" TEXT,
    "paid_at" TIMESTAMPTZ(3),
    "voided_at" TIMESTAMPTZ(3),
    "uncollectible_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_line" (
    "invoice_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "ledger_entry_id" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,

    CONSTRAINT "invoice_line_pkey" PRIMARY KEY ("invoice_id","position")
);

-- CreateTable
CREATE TABLE "invoice_number_series" (
    "series" TEXT NOT NULL,
    "last" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_number_series_pkey" PRIMARY KEY ("series")
);

-- CreateTable
CREATE TABLE "payment_allocation" (
    "ledger_entry_id" TEXT NOT NULL,
    "invoice_id" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,

    CONSTRAINT "payment_allocation_pkey" PRIMARY KEY ("ledger_entry_id","invoice_id")
);

-- CreateTable
CREATE TABLE "billing_profile" (
    "organization_id" TEXT NOT NULL,
    "legal_name" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "vat_id" TEXT,
    "emails" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "billing_profile_pkey" PRIMARY KEY ("organization_id")
);

-- CreateTable
CREATE TABLE "billing_alert" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "available_below_minor" BIGINT NOT NULL,
    "armed" BOOLEAN NOT NULL DEFAULT true,
    "last_triggered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "billing_alert_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ledger_entry_organization_id_currency_created_at_idx" ON "ledger_entry"("organization_id", "currency", "created_at");

-- CreateIndex
CREATE INDEX "ledger_entry_number_id_idx" ON "ledger_entry"("number_id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entry_organization_id_idempotency_key_key" ON "ledger_entry"("organization_id", "idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_number_key" ON "invoice"("number");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_run_key_key" ON "invoice"("run_key");

-- CreateIndex
CREATE INDEX "invoice_organization_id_currency_status_idx" ON "invoice"("organization_id", "currency", "status");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_line_ledger_entry_id_key" ON "invoice_line"("ledger_entry_id");

-- CreateIndex
CREATE INDEX "billing_alert_organization_id_currency_idx" ON "billing_alert"("organization_id", "currency");

-- AddForeignKey
ALTER TABLE "billing_account" ADD CONSTRAINT "billing_account_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_ledger_entry_id_fkey" FOREIGN KEY ("ledger_entry_id") REFERENCES "ledger_entry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_allocation" ADD CONSTRAINT "payment_allocation_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_profile" ADD CONSTRAINT "billing_profile_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_alert" ADD CONSTRAINT "billing_alert_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The ledger is append-only: a correction is a new entry (credit or reversal), never an edit.
CREATE FUNCTION ledger_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or removed (ledger_entry %)', OLD.id;
END
$$;
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON "ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_append_only();

-- billing_account.balance_minor is the sum of the account's entries: the one place that keeps it,
-- once per statement (a month's run inserts thousands of entries in one statement). An entry
-- for an account that does not exist is refused: its writer opens the account first, with the
-- credit limit a new account gets.
CREATE FUNCTION ledger_entry_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_missing RECORD;
BEGIN
  WITH sums AS (
    SELECT organization_id, currency, sum(amount_minor) AS amount FROM new_entries GROUP BY 1, 2
  ), updated AS (
    UPDATE "billing_account" a SET balance_minor = a.balance_minor + sums.amount
      FROM sums WHERE a.organization_id = sums.organization_id AND a.currency = sums.currency
    RETURNING a.organization_id, a.currency
  )
  SELECT s.organization_id, s.currency INTO v_missing
    FROM sums s LEFT JOIN updated u USING (organization_id, currency)
   WHERE u.organization_id IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'no billing account for % in %', v_missing.organization_id, v_missing.currency;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_entry_balance AFTER INSERT ON "ledger_entry"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entry_balance();

-- A finalized invoice never changes: once it has left draft only its state and the times of its
-- moves may change, and no line is added to it or taken from it.
CREATE FUNCTION invoice_finalized_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'draft' AND (
       NEW.number IS DISTINCT FROM OLD.number OR NEW.organization_id <> OLD.organization_id
       OR NEW.currency <> OLD.currency OR NEW.kind <> OLD.kind
       OR NEW.period_start <> OLD.period_start OR NEW.period_end <> OLD.period_end
       OR NEW.issued_at IS DISTINCT FROM OLD.issued_at OR NEW.due_at IS DISTINCT FROM OLD.due_at
       OR NEW.subtotal_minor <> OLD.subtotal_minor OR NEW.tax_minor <> OLD.tax_minor
       OR NEW.total_minor <> OLD.total_minor OR NEW.tax_rate_bp <> OLD.tax_rate_bp
       OR NEW.tax_treatment <> OLD.tax_treatment OR NEW.tax_note IS DISTINCT FROM OLD.tax_note
       OR NEW.seller <> OLD.seller OR NEW.buyer <> OLD.buyer
       OR NEW.credits_invoice_id IS DISTINCT FROM OLD.credits_invoice_id) THEN
    RAISE EXCEPTION 'invoice % is finalized and never changes', OLD.id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER invoice_finalized_unchanged BEFORE UPDATE ON "invoice"
  FOR EACH ROW EXECUTE FUNCTION invoice_finalized_unchanged();

CREATE FUNCTION invoice_line_of_draft() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "invoice" WHERE id = COALESCE(NEW.invoice_id, OLD.invoice_id) AND status <> 'draft') THEN
    RAISE EXCEPTION 'invoice % is finalized: its lines never change', COALESCE(NEW.invoice_id, OLD.invoice_id);
  END IF;
  RETURN COALESCE(NEW, OLD);
END
$$;
CREATE TRIGGER invoice_line_of_draft BEFORE INSERT OR UPDATE OR DELETE ON "invoice_line"
  FOR EACH ROW EXECUTE FUNCTION invoice_line_of_draft();
