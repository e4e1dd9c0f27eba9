import { z } from "zod";

// Path parameter `country`: any case in, upper case out (contract §1). Whether the country
// is one we sell in is the domain's question (unknown_country), not the parser's.
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "country must be a two-letter ISO 3166-1 code")
  .transform((value) => value.toUpperCase());

export const numberTypeIdSchema = z.string().regex(/^[a-z_]{1,32}$/, "number_type must be one of local, national, mobile, toll_free");

/** An integer query parameter with its bounds in the message a client reads. */
export function boundedInt(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be an integer between ${min} and ${max}`;
  return z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message))
    .default(fallback);
}

/** true/false/1/0, nothing else (contract §5). */
export function queryBoolean(name: string) {
  return z.enum(["true", "false", "1", "0"], `${name} must be true, false, 1 or 0`).transform((value) => value === "true" || value === "1");
}

export const emptyQuerySchema = z.strictObject({});
