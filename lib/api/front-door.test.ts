import { describe, expect, it } from "vitest";
import { allowedAt, frontDoor, originForm } from "@/lib/api/front-door";

const headers = () => new Headers({ "x-request-id": "door-test" });

describe("originForm", () => {
  it.each([
    ["/api/v2/countries?x=1", "/api/v2/countries?x=1"],
    ["http://evil.example/api/v2/countries", "/api/v2/countries"],
    ["HTTPS://evil.example:8443/numbers?page=2", "/numbers?page=2"],
    ["http://evil.example", "/"],
    ["http://evil.example?x=1", "/?x=1"],
    ["*", "*"],
  ])("%s → %s", (target, expected) => expect(originForm(target)).toBe(expected));
});

describe("allowedAt", () => {
  it.each([
    ["/api/v2/countries", ["GET"]],
    ["/api/v2/countries/", ["GET"]],
    ["/api/v2/cart", ["GET", "PUT", "DELETE"]],
    ["/api/v2/numbers/abc", ["GET", "PUT", "DELETE"]],
    ["/api/health", ["GET"]],
    ["/api/ready", ["GET"]],
    ["/api/v2/nowhere", null],
    ["/api/other", null],
  ])("%s → %j", (pathname, expected) => expect(allowedAt(pathname)).toEqual(expected));
});

describe("frontDoor", () => {
  it.each([
    ["GET", "/api/v2/countries", "/api/v2/countries"],
    ["GET", "http://evil.example/api/v2/countries?a=1", "/api/v2/countries?a=1"],
    ["TRACE", "/numbers", "/numbers"],
    ["PROPFIND", "http://evil.example/sign-in", "/sign-in"],
  ])("%s %s goes to Next as %s", (method, target, expected) => {
    expect(frontDoor(method, target, headers())).toEqual({ target: expected });
  });

  it.each([
    ["TRACE", "/api/v2/countries", "GET, OPTIONS", "GET"],
    ["PROPFIND", "/api/v2/cart", "GET, PUT, DELETE, OPTIONS", "GET or PUT or DELETE"],
    ["LOCK", "http://evil.example/api/health", "GET, OPTIONS", "GET"],
  ])("%s %s → 405 with Allow %s", async (method, target, allow, use) => {
    const decision = frontDoor(method, target, headers());
    if (!("answer" in decision)) throw new Error("expected an answer");
    expect(decision.answer.status).toBe(405);
    expect(decision.answer.headers.get("allow")).toBe(allow);
    expect(decision.answer.headers.get("x-request-id")).toBe("door-test");
    expect(decision.answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await decision.answer.json()).toEqual({
      message: "Method Not Allowed",
      error: {
        message: `${method} is not allowed here; use ${use}.`,
        details: `method=${method}`,
        code: "method_not_allowed",
      },
    });
  });

  it.each([
    ["GET", "/api/v2/%2e%2e", "/api/v2/%2e%2e"],
    ["GET", "/api/v2/%2E%2e/v2/countries?x=1", "/api/v2/%2E%2e/v2/countries"],
    ["POST", "/api/v2/countries/.", "/api/v2/countries/."],
    ["TRACE", "/api/v2/nowhere", "/api/v2/nowhere"],
  ])("%s %s → the API's 404", async (method, target, pathname) => {
    const decision = frontDoor(method, target, headers());
    if (!("answer" in decision)) throw new Error("expected an answer");
    expect(decision.answer.status).toBe(404);
    expect(await decision.answer.json()).toEqual({
      message: "Not Found",
      error: {
        message: `There is no endpoint at ${pathname}.`,
        details: `path=${pathname}`,
        code: "not_found",
      },
    });
  });
});
