-- Part of billing (docs/ARCHITECTURE.md, "Billing"); applied by lib/db/migrate.ts applyFunctions.
-- Opens an organization's billing account in a currency if it has none, with the credit limit a
-- new account gets (BILLING_DEFAULT_CREDIT_LIMIT, in minor units), and locks the account's row
-- for the rest of the transaction: every writer of a ledger entry calls this first, so the
-- entries of one account, and the checks against its limit, are written one transaction at a time.
-- Answers the account's available amount (balance + credit limit) before this transaction's entries.
CREATE OR REPLACE FUNCTION billing_open_account(
  p_organization TEXT, p_currency TEXT, p_default_limit BIGINT, p_now TIMESTAMPTZ
) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  v_available BIGINT;
BEGIN
  -- The account exists but for an organization's first charge in a currency: found and locked
  -- first, so that a sale does not try an insert that must wait on another sale's update of it.
  SELECT balance_minor + credit_limit_minor INTO v_available
    FROM billing_account WHERE organization_id = p_organization AND currency = p_currency FOR UPDATE;
  IF FOUND THEN
    RETURN v_available;
  END IF;
  INSERT INTO billing_account (organization_id, currency, credit_limit_minor, standing, standing_since, created_at)
  VALUES (p_organization, p_currency, p_default_limit, 'good_standing', p_now, p_now)
  ON CONFLICT (organization_id, currency) DO NOTHING;
  SELECT balance_minor + credit_limit_minor INTO v_available
    FROM billing_account WHERE organization_id = p_organization AND currency = p_currency FOR UPDATE;
  RETURN v_available;
END
$$;
