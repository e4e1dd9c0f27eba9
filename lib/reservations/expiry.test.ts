import { describe, expect, it } from "vitest";
import { heldUntilFrom, isHeldByAnother, isLive, secondsLeft } from "@/lib/reservations/expiry";

const at = (time: string) => new Date(`2030-03-01T${time}Z`);
const hold = { organizationId: "org_a", heldUntil: at("12:15:00.000") };

describe("a hold's life", () => {
  it.each([
    { now: "12:00:00.000", live: true, byAnother: true, seconds: 900 },
    { now: "12:14:59.001", live: true, byAnother: true, seconds: 1 },
    { now: "12:14:59.999", live: true, byAnother: true, seconds: 1 },
    { now: "12:15:00.000", live: false, byAnother: false, seconds: 0 },
    { now: "12:20:00.000", live: false, byAnother: false, seconds: 0 },
  ])(
    "at $now: live=$live, held by another=$byAnother, $seconds s left",
    ({ now, live, byAnother, seconds }) => {
      expect(isLive(hold, at(now))).toBe(live);
      expect(isHeldByAnother(hold, "org_b", at(now))).toBe(byAnother);
      expect(isHeldByAnother(hold, "org_a", at(now))).toBe(false);
      expect(secondsLeft(hold.heldUntil, at(now))).toBe(seconds);
    },
  );

  it("no hold is held by nobody", () => {
    expect(isHeldByAnother(null, "org_b", at("12:00:00.000"))).toBe(false);
  });

  it.each([
    { minutes: 15, until: "12:15:00.000" },
    { minutes: 0.05, until: "12:00:03.000" },
    { minutes: 1440, until: "12:00:00.000", nextDay: true },
  ])("RESERVATION_MINUTES=$minutes from 12:00 ends at $until", ({ minutes, until, nextDay }) => {
    expect(heldUntilFrom(at("12:00:00.000"), minutes)).toEqual(
      nextDay ? new Date("2030-03-02T12:00:00.000Z") : at(until),
    );
  });
});
