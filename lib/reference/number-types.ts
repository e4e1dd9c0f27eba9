// The number types (docs/CONTRACT.md §4), apart from phone.ts so schemas and the browser can name
// them without loading libphonenumber's metadata.
export const numberTypeIds = ["local", "national", "mobile", "toll_free"] as const;
export type NumberTypeId = (typeof numberTypeIds)[number];

const numberTypeLabels: Record<string, string> = {
  local: "Local",
  national: "National",
  mobile: "Mobile",
  toll_free: "Toll-free",
};

/** "Local", "Toll-free": a number type as the portal and its emails write it (its id when unknown). */
export function numberTypeLabel(type: string): string {
  return numberTypeLabels[type] ?? type;
}
