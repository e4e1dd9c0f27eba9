-- Contract §15: five roles inside an organization (owner, admin, developer, billing, viewer) and
-- support, the operator's staff, who stand outside customer organizations. Every existing
-- customer becomes an owner: until now a customer could do everything an owner can.
--
-- The enum is rebuilt rather than extended: a value added by ALTER TYPE … ADD VALUE cannot be
-- used in the transaction that adds it, and this migration must convert rows at once. The role
-- trigger names the column, so it is dropped and made again around the change of type.
DROP TRIGGER "app_user_role_changed" ON "app_user";

ALTER TYPE "user_role" RENAME TO "user_role_before_roles";
CREATE TYPE "user_role" AS ENUM ('owner', 'admin', 'developer', 'billing', 'viewer', 'support');
ALTER TABLE "app_user" ALTER COLUMN "role" TYPE "user_role"
  USING (CASE "role"::text WHEN 'customer' THEN 'owner' ELSE "role"::text END)::"user_role";
DROP TYPE "user_role_before_roles";

CREATE TRIGGER "app_user_role_changed"
  AFTER UPDATE OF "role" OR DELETE
  ON "app_user" FOR EACH STATEMENT EXECUTE FUNCTION "notify_api_token_changed"();

-- The operator's own organization: support staff are its members, never a customer's. It is
-- not a customer, so GET /organizations leaves it out.
ALTER TABLE "organization" ADD COLUMN "is_operator" BOOLEAN NOT NULL DEFAULT false;
INSERT INTO "organization" ("id", "name", "is_operator") VALUES ('org_operator', 'Numbers support', true)
  ON CONFLICT ("id") DO UPDATE SET "is_operator" = true;

-- Support staff, and the tokens they made, move to the operator; their carts go (support cannot
-- buy). A customer organization keeps every order support ever touched.
UPDATE "api_token" SET "organization_id" = 'org_operator'
  WHERE "user_id" IN (SELECT "id" FROM "app_user" WHERE "role" = 'support');
DELETE FROM "cart_line" WHERE "user_id" IN (SELECT "id" FROM "app_user" WHERE "role" = 'support');
UPDATE "app_user" SET "organization_id" = 'org_operator' WHERE "role" = 'support';

