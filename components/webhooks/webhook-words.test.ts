import { describe, expect, it } from "vitest";
import {
  attemptOutcome,
  deliveryStatus,
  eventDescription,
  eventLabel,
  formatDuration,
  shortUrl,
  subscribableEvents,
  timeUntil,
  urlProblem,
} from "@/components/webhooks/webhook-words";
import { eventTypes, TEST_EVENT_TYPE } from "@/lib/schemas/events";

describe("event words", () => {
  // The form's list is its own (zod stays out of the browser) but must be the API's.
  it("offers exactly the event types POST /webhooks accepts", () => {
    expect([...subscribableEvents]).toEqual([...eventTypes]);
    expect(eventLabel(TEST_EVENT_TYPE)).toBe("Test event");
  });

  it("names every subscribable event and the test event in words", () => {
    expect(subscribableEvents.map(eventLabel)).toEqual([
      "Order placed",
      "Back-order filled",
      "Order completed",
      "Number assigned",
      "Number settings changed",
      "Hold expired",
      "Number released",
      "Number restored",
      "Bulk job finished",
      "Number activated",
      "Documents overdue",
      "Bundle status changed",
      "Invoice issued",
      "Invoice voided",
      "Balance alert",
      "Invoice paid",
      "Billing standing changed",
      "Payment recorded",
      "Port order status changed",
      "Port date changed",
      "Port-out requested",
    ]);
    expect(eventLabel("webhook.test")).toBe("Test event");
    for (const type of subscribableEvents) expect(eventDescription(type)).toMatch(/\.$/);
  });

  it("keeps the API name of a type it does not know, with no description", () => {
    expect(eventLabel("invoice.refunded")).toBe("invoice.refunded");
    expect(eventDescription("invoice.refunded")).toBe("");
  });
});

describe("deliveryStatus", () => {
  it("says what happened to the delivery", () => {
    expect(deliveryStatus({ status: "succeeded", attempt_count: 1 })).toEqual({
      label: "Delivered",
      tone: "badge--success",
    });
    expect(deliveryStatus({ status: "failed", attempt_count: 6 })).toEqual({
      label: "Failed",
      tone: "badge--danger",
    });
    expect(deliveryStatus({ status: "pending", attempt_count: 0 })).toEqual({
      label: "Sending",
      tone: "badge--accent",
    });
    expect(deliveryStatus({ status: "pending", attempt_count: 2 })).toEqual({
      label: "Retrying",
      tone: "badge--warning",
    });
  });
});

describe("timeUntil", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();

  it("writes the retry delays of the backoff the way people read them", () => {
    expect(timeUntil(at(5), now)).toBe("in 5 s");
    expect(timeUntil(at(59), now)).toBe("in 59 s");
    expect(timeUntil(at(60), now)).toBe("in 1 min");
    expect(timeUntil(at(600), now)).toBe("in 10 min");
    expect(timeUntil(at(119), now)).toBe("in 1 min");
    expect(timeUntil(at(3599), now)).toBe("in 59 min");
    expect(timeUntil(at(3600), now)).toBe("in 1 h");
    expect(timeUntil(at(6 * 3600), now)).toBe("in 6 h");
    expect(timeUntil(at(3 * 86400), now)).toBe("in 3 days");
  });

  it("says now for a delivery that is due or overdue", () => {
    expect(timeUntil(at(0), now)).toBe("now");
    expect(timeUntil(at(-30), now)).toBe("now");
  });
});

describe("formatDuration", () => {
  it("uses milliseconds under a second and seconds above", () => {
    expect(formatDuration(0)).toBe("0 ms");
    expect(formatDuration(85.4)).toBe("85 ms");
    expect(formatDuration(999)).toBe("999 ms");
    expect(formatDuration(1000)).toBe("1.0 s");
    expect(formatDuration(1234)).toBe("1.2 s");
    expect(formatDuration(10_000)).toBe("10 s");
  });
});

describe("attemptOutcome", () => {
  it("shows the response code, else why there was none", () => {
    expect(attemptOutcome({ response_status: 200, error: null })).toBe("200");
    expect(attemptOutcome({ response_status: 500, error: null })).toBe("500");
    expect(attemptOutcome({ response_status: null, error: "timeout after 10 s" })).toBe("timeout after 10 s");
    expect(attemptOutcome({ response_status: null, error: null })).toBe("No answer");
    expect(attemptOutcome(undefined)).toBe("Not tried yet");
  });
});

describe("shortUrl", () => {
  it("drops the scheme and a bare slash, keeps the port and path", () => {
    expect(shortUrl("https://example.com/")).toBe("example.com");
    expect(shortUrl("https://example.com/hooks/numbers?x=1")).toBe("example.com/hooks/numbers");
    expect(shortUrl("http://127.0.0.1:4321/hook")).toBe("127.0.0.1:4321/hook");
    expect(shortUrl("not a url")).toBe("not a url");
  });
});

describe("urlProblem", () => {
  it("accepts web addresses and leaves which hosts are allowed to the server", () => {
    expect(urlProblem("https://example.com/webhooks")).toBeNull();
    expect(urlProblem("  http://10.0.0.1/hook ")).toBeNull();
  });

  it("explains an empty, mistyped or non-web address", () => {
    expect(urlProblem("  ")).toBe("Enter the address that should receive the events, starting with https://");
    expect(urlProblem("example.com/webhooks")).toBe(
      "This is not a web address. Write it in full, e.g. https://example.com/webhooks",
    );
    expect(urlProblem("ftp://example.com/")).toBe("The address must start with https://");
  });
});
