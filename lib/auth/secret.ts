import path from "node:path";
import { getEnv } from "@/lib/env";
import { readOrCreateSecretFile } from "@/lib/crypto/secret-file";

// The key that encrypts portal session cookies. NEXTAUTH_SECRET when set (several app
// instances must share one); otherwise made once per checkout and kept beside the embedded
// database's files, so `npm start` works without configuration and sessions survive restarts.
function sessionSecretFile(): string {
  return path.join(process.cwd(), "data", "nextauth-secret");
}

let cached: string | undefined;

export function getSessionSecret(): string {
  if (cached) return cached;
  cached = getEnv().NEXTAUTH_SECRET ?? readOrCreateSecretFile(sessionSecretFile());
  return cached;
}
