import { formatNational } from "@/lib/reference/phone-format";

// Telephone numbers as people read them, apart from format.ts: libphonenumber and its
// metadata (~32 kB gzip) load only with the pages that show numbers.

/** "020 7946 0000"; the E.164 itself when libphonenumber cannot place it. */
export function nationalFormat(e164: string): string {
  try {
    return formatNational(e164);
  } catch {
    return e164;
  }
}
