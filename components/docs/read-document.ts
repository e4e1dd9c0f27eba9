import { z } from "zod";
import type { OpenApiDocument, Operation, SchemaObject } from "@/components/docs/openapi-types";

// The generator builds loosely typed JSON; the page checks the few shapes it relies on
// instead of casting, so a change in the generator shows up here as an error, not a blank page.
const objectLike = <T>() => z.custom<T>((value) => typeof value === "object" && value !== null);

const operationSchema = z.looseObject({
  operationId: z.string(),
  summary: z.string(),
  tags: z.array(z.string()).min(1),
  "x-badge": z.enum(["stable", "draft", "coming_soon", "deprecated"]),
  parameters: z.array(objectLike<Operation["parameters"][number]>()),
  responses: z.record(z.string(), objectLike<Operation["responses"][string]>()),
});

const documentSchema = z.looseObject({
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  components: z.looseObject({ schemas: z.record(z.string(), objectLike<SchemaObject>()) }),
});

export function readOpenApiDocument(document: unknown): OpenApiDocument {
  return documentSchema.parse(document) as OpenApiDocument;
}
