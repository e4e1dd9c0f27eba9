-- sell_to_item charges the numbers it sells and takes the credit limit a new billing account
-- gets as one more argument (prisma/functions/sell_to_item.sql). CREATE OR REPLACE with another
-- argument list makes a second function beside the first: the old one goes, so no caller can
-- reach a sale that charges nothing.
DROP FUNCTION IF EXISTS sell_to_item(INT, INT[], TIMESTAMPTZ, DATE, TIMESTAMPTZ, JSONB);
