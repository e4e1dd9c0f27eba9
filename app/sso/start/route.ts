// GET /sso/start?email=…&callbackUrl=… – send a person of a connected domain to their organization's provider
import "server-only";
import { startSignIn } from "@/lib/api/sso-flow";

export async function GET(request: Request): Promise<Response> {
  return startSignIn(request, new Date());
}
