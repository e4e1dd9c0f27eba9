-- A draft port order's numbers are 'draft': they block nobody (the partial unique index counts
-- 'pending' only), so two organizations may both prepare a port of one number. At submission
-- they become 'pending', and the index then lets one open port of a number through.
-- AlterEnum
ALTER TYPE "port_number_status" ADD VALUE 'draft' BEFORE 'pending';

-- The timeline's order among entries written at one instant (a creation and its submission in
-- one test clock tick, a comment and a move in the same millisecond): the order they were written.
-- AlterTable
ALTER TABLE "port_order_event" ADD COLUMN "seq" BIGSERIAL NOT NULL;
