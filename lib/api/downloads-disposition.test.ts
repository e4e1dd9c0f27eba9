import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "@/lib/api/downloads";

// RFC 6266: a quoted ASCII filename every client reads, and the exact one as filename*.
describe("attachmentDisposition", () => {
  it.each([
    [
      "INV-2026-000001.pdf",
      `attachment; filename="INV-2026-000001.pdf"; filename*=UTF-8''INV-2026-000001.pdf`,
    ],
    [
      'a "quoted" name.pdf',
      `attachment; filename="a \\"quoted\\" name.pdf"; filename*=UTF-8''a%20%22quoted%22%20name.pdf`,
    ],
    ["back\\slash.pdf", `attachment; filename="back\\\\slash.pdf"; filename*=UTF-8''back%5Cslash.pdf`],
    [
      "Rechnung-Müller.pdf",
      `attachment; filename="Rechnung-M_ller.pdf"; filename*=UTF-8''Rechnung-M%C3%BCller.pdf`,
    ],
    ["it's (1).pdf", `attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`],
  ])("%s", (name, header) => {
    expect(attachmentDisposition(name)).toBe(header);
  });
});
