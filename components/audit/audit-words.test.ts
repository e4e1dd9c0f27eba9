import { describe, expect, it } from "vitest";
import {
  actionWords,
  actorChoices,
  actorWords,
  auditActions,
  changeWords,
  resourceHref,
  resourceWords,
} from "@/components/audit/audit-words";

describe("resourceHref", () => {
  it.each([
    [{ type: "number", id: "num_1" }, "/numbers/num_1"],
    [{ type: "extension", id: "num_2" }, "/numbers/num_2"],
    [{ type: "order", id: "ORD-1" }, "/orders/ORD-1"],
    [{ type: "token", id: "tok_1" }, "/tokens"],
    [{ type: "webhook", id: "wh_1" }, "/webhooks?webhook=wh_1"],
    [{ type: "reservation", id: "+442079460000" }, "/cart"],
    [{ type: "member", id: "usr_3" }, "/settings/members"],
    [{ type: "invitation", id: "inv_1" }, "/settings/members"],
    [{ type: "user", id: "usr_1" }, null],
    [{ type: "order", id: null }, null],
  ])("%o → %s", (resource, href) => {
    expect(resourceHref(resource)).toBe(href);
  });
});

describe("changeWords and actorWords", () => {
  it("reads a change and an actor as a person would", () => {
    expect(changeWords({ field: "name", from: "Lobby", to: "Front desk" })).toBe("name: Lobby → Front desk");
    expect(changeWords({ field: "scopes", from: null, to: ["a:read", "b:write"] })).toBe(
      "scopes: — → a:read, b:write",
    );
    expect(changeWords({ field: "rules", from: [{ name: "x".repeat(100) }], to: null })).toBe(
      `rules: [{"name":"${"x".repeat(69)}… → —`,
    );
    expect(actorWords({ type: "user", id: "usr_1", name: "Ann" })).toBe("Ann");
    expect(actorWords({ type: "support", id: "usr_2", name: "Sam" })).toBe("Sam (support)");
  });
});

describe("an entry in words", () => {
  it.each([
    ["number.released", "Number released"],
    ["sign_in.two_factor_failed", "Sign in two factor failed"],
    ["end_user.created", "End user created"],
    ["odd", "odd"],
  ])("%s → %s", (action, words) => {
    expect(actionWords(action)).toBe(words);
  });

  it("names a resource by what people call it, else by its kind and id", () => {
    expect(resourceWords({ type: "number", id: "num_1", name: "+493012345678 (Front desk)" })).toBe(
      "+493012345678 (Front desk)",
    );
    expect(resourceWords({ type: "end_user", id: "eu_1", name: null })).toBe("end user eu_1");
    expect(resourceWords({ type: "organization", id: null, name: null })).toBe("organization");
  });

  it("offers each action once, as resource.verb", () => {
    const all = Object.entries(auditActions).flatMap(([resource, verbs]) =>
      verbs.map((verb) => `${resource}.${verb}`),
    );
    expect(new Set(all).size).toBe(all.length);
    for (const action of all) expect(action).toMatch(/^[a-z][a-z_]{0,39}\.[a-z][a-z_]{0,39}$/);
  });
});

describe("actorChoices", () => {
  const members = [
    { id: "usr_1", name: "Alex Carter", email: "customer@acme.example" },
    { id: "usr_2", name: "Riley Brooks", email: "admin@acme.example" },
  ];
  it("lists the members by name and email, then the tokens, then others seen in the entries, each once", () => {
    expect(
      actorChoices(
        members,
        [{ id: "tok_1", name: "Billing sync" }],
        [
          { type: "user", id: "usr_1", name: "Alex Carter" },
          { type: "token", id: "tok_1", name: "Billing sync" },
          { type: "support", id: "usr_9", name: "Sam Patel" },
          { type: "support", id: "usr_9", name: "Sam Patel" },
          { type: "system", id: null, name: "System" },
        ],
      ),
    ).toEqual([
      { value: "usr_1", label: "Alex Carter · customer@acme.example" },
      { value: "usr_2", label: "Riley Brooks · admin@acme.example" },
      { value: "tok_1", label: "Billing sync (API token)" },
      { value: "usr_9", label: "Sam Patel (support)" },
    ]);
  });

  it("offers nothing but the members when nothing else is known", () => {
    expect(actorChoices(members.slice(0, 1), [], [])).toEqual([
      { value: "usr_1", label: "Alex Carter · customer@acme.example" },
    ]);
  });
});
