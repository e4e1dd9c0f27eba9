// GET /sso/callback?code=…&state=… – back from the provider: signed in, or /sign-in with the reason
import "server-only";
import { finishSignIn } from "@/lib/api/sso-flow";

export async function GET(request: Request): Promise<Response> {
  return finishSignIn(request, new Date());
}
