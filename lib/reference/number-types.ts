// The number types (contract §4), apart from phone.ts so schemas and the browser can name
// them without loading libphonenumber's metadata.
export const numberTypeIds = ["local", "national", "mobile", "toll_free"] as const;
export type NumberTypeId = (typeof numberTypeIds)[number];
