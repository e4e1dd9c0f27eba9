import bcrypt from "bcryptjs";

// bcrypt with cost 12: about 200 ms a hash on these machines, slow enough to hurt guessing.
const COST = 12;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
