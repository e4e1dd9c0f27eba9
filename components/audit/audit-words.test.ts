import { describe, expect, it } from "vitest";
import { actorWords, changeWords, resourceHref } from "@/components/audit/audit-words";

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
