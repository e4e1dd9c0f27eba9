// POST, GET /api/v2/jobs – start a bulk job over numbers (202); list the organization's jobs
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { createJob, listJobs } from "@/lib/jobs/jobs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/jobs", {
  POST: async ({ principal, body, headers }) => {
    const { job } = await createJob(principal, body, headers["Idempotency-Key"]);
    return new Reply({ data: job }, { status: 202, headers: { Location: `/api/v2/jobs/${job.job_id}` } });
  },
  GET: async ({ principal, query }) => ({ data: await listJobs(principal, query) }),
});
