import { randomUUID } from "node:crypto";

// A caller's id is echoed only when it is short and printable, so it cannot inject into logs.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:\-]{1,128}$/;

export function requestIdFor(request: Pick<Request, "headers">): string {
  const sent = request.headers.get("x-request-id");
  return sent && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
