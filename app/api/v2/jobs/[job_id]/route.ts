// GET /api/v2/jobs/{job_id} – a job's status, counts and each number's outcome
import "server-only";
import { route } from "@/lib/api/route";
import { getJobOrThrow } from "@/lib/jobs/jobs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/jobs/{job_id}", {
  GET: async ({ principal, params }) => ({ data: await getJobOrThrow(principal, params.job_id) }),
});
