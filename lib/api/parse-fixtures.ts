// Shared by the parse*.test.ts files: the contract error a parse refuses with, and a body schema
// of the shapes routes declare.
import { z } from "zod";
import { ApiError } from "@/lib/errors";

export const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error("parsed without an error");
};

export const bodySchema = z.strictObject({
  name: z.string().optional(),
  expires_at: z.string().nullable().optional(),
  tags: z.record(z.string(), z.string().nullable()).optional(),
  items: z.array(z.object({ note: z.string().nullable() }).passthrough()).optional(),
  meta: z.unknown().optional(),
});
