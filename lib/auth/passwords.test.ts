// The cost bcrypt hashes at: 12 wherever the app runs, 4 only under the test runner, so that
// lowering it for the suites cannot lower it for anyone else. A hash carries its cost, so a
// password checks against a hash of either.
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { hashPassword, passwordCost, verifyPassword } from "@/lib/auth/passwords";

// "correct horse battery staple" hashed by bcryptjs at cost 12, as the app stores passwords.
const COST_12_HASH = "$2b$12$zL4Dq5kiB3cKHHPkbheHK.Y8y1SyhJoW3pEpbStKLxvTVVL8arWzS";

describe("passwordCost", () => {
  it.each([
    ["unset (npm run db:seed, scripts)", {}],
    ["production (npm start, next build)", { NODE_ENV: "production" }],
    ["development (npm run dev)", { NODE_ENV: "development" }],
  ])("is 12 with NODE_ENV %s", (_, source) => {
    expect(passwordCost(parseEnv(source))).toBe(12);
  });

  it("is 4 under the test runner (NODE_ENV=test)", () => {
    expect(passwordCost(parseEnv({ NODE_ENV: "test" }))).toBe(4);
  });
});

describe("hashPassword and verifyPassword", () => {
  it("hash at the test runner's cost here, and check the password against its hash", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^\$2b\$04\$[./A-Za-z0-9]{53}$/);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
  });

  it("check a password against a hash made at cost 12", async () => {
    expect(await verifyPassword("correct horse battery staple", COST_12_HASH)).toBe(true);
  });
});
