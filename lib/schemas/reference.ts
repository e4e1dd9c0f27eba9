import { z } from "zod";
import { countryCodeSchema, numberTypeIdSchema } from "@/lib/schemas/common";

const countrySchema = z
  .object({ id: z.string().describe("ISO 3166-1 alpha-2 code"), english_name: z.string() })
  .meta({ id: "Country" });

const numberTypeSchema = z
  .object({ name: z.string().describe("local, national, mobile or toll_free"), description: z.string() })
  .meta({ id: "NumberType" });

const documentTypeSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: "DocumentType" });

const regionSchema = z
  .object({
    id: z.string().describe("CC-STATE-CITY-AREACODE, or CC-TYPE[-PREFIX] for non-geographic numbers"),
    name: z.string(),
  })
  .meta({ id: "Region" });

const destinationSchema = z
  .object({
    id: z.string().describe("A country code, SIP, or a service such as VOICEMAIL"),
    name: z.string(),
    default_destination: z.string().describe("Dial prefix such as +44, or sip:"),
    best_rate_dial_prefix: z.string(),
    requires_user_input: z.boolean(),
  })
  .meta({ id: "Destination" });

export const requiredDocumentSchema = z
  .object({ document_type_id: z.string(), name: z.string(), more_information: z.string() })
  .meta({ id: "RequiredDocument" });

export const countryParamsSchema = z.strictObject({ country: countryCodeSchema });
export const countryTypeParamsSchema = z.strictObject({
  country: countryCodeSchema,
  number_type: numberTypeIdSchema,
});

export const countryListSchema = z.array(countrySchema);
export const numberTypeListSchema = z.array(numberTypeSchema);
export const documentTypeListSchema = z.array(documentTypeSchema);
export const regionListSchema = z.array(regionSchema);
export const destinationListResponseSchema = z.object({ data: z.array(destinationSchema) });
