import bcrypt from "bcryptjs";
import { getEnv, type Env } from "@/lib/env";

// bcrypt with cost 12: about 200 ms a hash on these machines, slow enough to hurt guessing. The
// test runner (NODE_ENV=test) hashes at cost 4, bcrypt's least: the suites sign in and set
// passwords thousands of times, and 256 times less work a hash is minutes of the suite. A hash
// carries its cost ($2b$12$…), so verifyPassword checks a hash of either cost.
export function passwordCost(env: Pick<Env, "NODE_ENV">): number {
  return env.NODE_ENV === "test" ? 4 : 12;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, passwordCost(getEnv()));
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
