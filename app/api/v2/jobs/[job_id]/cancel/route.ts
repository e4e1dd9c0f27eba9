// POST /api/v2/jobs/{job_id}/cancel – stop what a job has not started
import "server-only";
import { route } from "@/lib/api/route";
import { cancelJob } from "@/lib/jobs/jobs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/jobs/{job_id}/cancel", {
  POST: async ({ principal, params }) => ({ data: await cancelJob(principal, params.job_id) }),
});
