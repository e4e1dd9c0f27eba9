import { afterEach, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { sessionHeaders } from "@/tests/session";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import { setRequestClock } from "@/lib/api/request-clock";
import { INVITATION_LIFETIME_MS } from "@/lib/members/invitations";

// GET /invitations/{token}: what the invitation page shows before anyone types a password.
// One database per file; each case invites its own email.

async function invitedToken(email: string, role = "developer"): Promise<{ token: string; id: string }> {
  const created = await api<{ data: { id: string } }>("POST", "/members/invitations", {
    headers: await sessionHeaders("acmeAdmin"),
    body: { email, role },
  });
  expect(created.status).toBe(201);
  const message = await (
    await getPrisma()
  ).emailMessage.findFirstOrThrow({
    where: { to: email, kind: "invitation" },
    orderBy: { createdAt: "desc" },
  });
  return { token: /\/invitations\/([A-Za-z0-9_-]+)/.exec(message.text)![1], id: created.body.data.id };
}

const invalidLink = errorBody(
  "Not Found",
  "not_found",
  "This invitation link is not valid: it may have been revoked or replaced by a newer one. Ask for a new invitation.",
  "path.token=(not shown)",
);

/** The requests' clock, stopped at `at` (the global Date is left alone: drivers time with it). */
const stopClockAt = (at: Date) => setRequestClock(() => at);

afterEach(() => {
  setRequestClock(undefined);
});

describe("GET /invitations/{token}", () => {
  it("says whom the link joins, as what, invited by whom, with which email, without a credential", async () => {
    stopClockAt(new Date("2026-11-23T12:00:00.000Z"));
    const { token } = await invitedToken("preview@example.com");
    const response = await get(`/invitations/${token}`);
    expect([response.status, response.body]).toEqual([
      200,
      {
        data: {
          organization_name: "Acme Telecom Ltd",
          role: "developer",
          email: "preview@example.com",
          invited_by: { name: "Riley Brooks" },
          expires_at: "2026-11-30T12:00:00.000Z",
          status: "pending",
        },
      },
    ]);
    // Reading it changes nothing: the link still works.
    const row = await (
      await getPrisma()
    ).memberInvitation.findFirstOrThrow({
      where: { email: "preview@example.com" },
    });
    expect(row.acceptedAt).toBeNull();
  });

  it("says at once that a used link was used, and an expired one expired", async () => {
    const used = await invitedToken("used.link@example.com", "viewer");
    const accepted = await api("POST", `/invitations/${used.token}/accept`, {
      body: { name: "Used Link", password: "a long new passphrase 7" },
    });
    expect(accepted.status).toBe(201);
    expect((await get<{ data: { status: string } }>(`/invitations/${used.token}`)).body.data.status).toBe(
      "accepted",
    );

    stopClockAt(new Date("2026-11-23T12:00:00.000Z"));
    const late = await invitedToken("late.link@example.com", "billing");
    stopClockAt(new Date(Date.parse("2026-11-23T12:00:00.000Z") + INVITATION_LIFETIME_MS));
    expect((await get<{ data: { status: string } }>(`/invitations/${late.token}`)).body.data).toMatchObject({
      status: "expired",
      expires_at: "2026-11-30T12:00:00.000Z",
    });
  });

  it("answers 404 in the same words for a revoked link and one that never was", async () => {
    const revoked = await invitedToken("revoked.link@example.com");
    const revoke = await api("DELETE", `/members/invitations/${revoked.id}`, {
      headers: await sessionHeaders("acmeAdmin"),
    });
    expect(revoke.status).toBe(200);
    for (const token of [revoked.token, "no-such-invitation-link"]) {
      const response = await get(`/invitations/${token}`);
      expect([response.status, response.body]).toEqual([404, invalidLink]);
    }
    // A token longer than the schema allows is a clear 400, not a lookup.
    const long = await get(`/invitations/${"x".repeat(201)}`);
    expect(long.status).toBe(400);
    expect((long.body as { error: { code: string } }).error.code).toBe("invalid_parameter");
  });
});
