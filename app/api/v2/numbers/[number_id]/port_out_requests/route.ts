// POST /api/v2/numbers/{number_id}/port_out_requests – support logs a (simulated) carrier's request
// to port a number away: accepted or refused by the number's PIN and lock (201)
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { requestPortOut } from "@/lib/porting/port-out";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/numbers/{number_id}/port_out_requests", {
  POST: async ({ principal, params, body, now }) => {
    const request = await requestPortOut(principal, params.number_id, body, now);
    return new Reply({ data: request }, { status: 201 });
  },
});
