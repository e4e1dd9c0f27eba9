// Shared by the inventory*.test.ts files: the API's error bodies for a refused parameter.
import { errorBody } from "@/tests/error-body";

export const err = errorBody;
export const bad = (code: string, message: string, details: string) =>
  err("Bad Request", code, message, details);
export const invalid = (message: string, details: string) => bad("invalid_parameter", message, details);
