import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import type { Job } from "@/lib/schemas/jobs";
import { sessionHeaders } from "@/tests/session";

// Bulk jobs (docs/CONTRACT.md §16), what POST /jobs refuses: nothing is started. The worker's
// runs are app/api/v2/jobs/jobs-run.test.ts.

type One = { data: Job };
const post = (body: unknown, headers: Record<string, string> = {}) =>
  api<One>("POST", "/jobs", { token: "acmeAll", body, headers });

describe("POST /jobs: refusals start nothing", () => {
  it.each([
    [
      "another organization's number",
      { type: "lock", number_ids: ["num_acme_main", "num_globex_hq"] },
      "number_ids names 1 number your organization does not have; nothing was started.",
      "body.number_ids=num_globex_hq",
    ],
    [
      "1,001 numbers",
      { type: "lock", number_ids: Array.from({ length: 1001 }, (_, i) => `num_${i}`) },
      "number_ids must name at most 1000 numbers",
      'body.number_ids=["num_0","num_1",',
    ],
  ])("answers 400 for %s", async (_label, body, message, details) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const answer = response.body as unknown as ReturnType<typeof errorBody>;
    expect({
      ...answer,
      error: { ...answer.error, details: answer.error.details.slice(0, details.length) },
    }).toEqual(errorBody("Bad Request", "invalid_parameter", message, details));
    const prisma = await getPrisma();
    expect(await prisma.job.count()).toBe(0);
  });
});

describe("POST /jobs: what a job would copy is checked before it starts", () => {
  it("refuses another organization's from_number_id with 400, as if it did not exist", async () => {
    for (const from of ["num_globex_hq", "num_nowhere"]) {
      const response = await post({
        type: "apply_configuration",
        number_ids: ["num_acme_main"],
        params: { from_number_id: from },
      });
      expect(response).toMatchObject({
        status: 400,
        body: errorBody(
          "Bad Request",
          "invalid_parameter",
          `params.from_number_id names no number of your organization: ${from}; nothing was started.`,
          `body.params.from_number_id=${from}`,
        ),
      });
    }
    const prisma = await getPrisma();
    expect(await prisma.job.count()).toBe(0);
  });

  it("refuses rules that are not rules with 400 invalid_configuration naming each", async () => {
    const response = await post({
      type: "apply_configuration",
      number_ids: ["num_acme_main"],
      params: { rules: [{ nonsense: true }, "rule"] },
    });
    expect(response.status).toBe(400);
    const answer = response.body as unknown as ReturnType<typeof errorBody>;
    expect(answer.error.code).toBe("invalid_configuration");
    expect(answer.error.message).toMatch(/^params\.rules\[0\]/);
    expect(answer.error.details).toContain("params.rules[1]");
    const prisma = await getPrisma();
    expect(await prisma.job.count()).toBe(0);
  });

  it("starts a job copying the organization's own number", async () => {
    const response = await post({
      type: "apply_configuration",
      number_ids: ["num_acme_manchester"],
      params: { from_number_id: "num_acme_main" },
    });
    expect(response.status).toBe(202);
    // Not run: the tests below count the jobs there are.
    const prisma = await getPrisma();
    await prisma.jobItem.deleteMany({ where: { jobId: response.body.data.job_id } });
    await prisma.job.delete({ where: { id: response.body.data.job_id } });
  });
});

describe("POST /jobs: a role refused is role_forbidden, like every other role refusal", () => {
  it.each([
    ["lock", "token"],
    ["release", "token"],
    ["unlock", "session"],
  ] as const)("a developer's %s job by %s → 401 role_forbidden", async (type, by) => {
    const credentials =
      by === "token"
        ? { token: "acmeDeveloperAll" as const }
        : { headers: await sessionHeaders("acmeDeveloper") };
    const response = await api("POST", "/jobs", {
      ...credentials,
      body: { type, number_ids: ["num_acme_main"] },
    });
    expect(response).toMatchObject({
      status: 401,
      body: errorBody(
        "Unauthorized",
        "role_forbidden",
        "The developer role cannot release, restore and lock numbers; that needs the owner or admin role.",
        "role=developer required_role=owner|admin",
      ),
    });
    const prisma = await getPrisma();
    expect(await prisma.job.count()).toBe(0);
  });
});
