"use client";
import { useEffect, useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { numberTypeLabel } from "@/components/ui/format";
import { PAGE_SIZES, type RefusedFilter } from "@/components/inventory/search-state";
import { blankInventorySearch } from "@/components/hooks/inventory-search";
import type { InventorySearch } from "@/components/hooks/use-inventory";
import { INVENTORY_PAGE } from "@/lib/schemas/limits";
import type { inventoryQuerySchema } from "@/lib/schemas/inventory";
import { useCountries, useDocumentTypes, useRegions } from "@/components/hooks/use-reference";
import { useProducts } from "@/components/hooks/use-products";

// The route's own query schema checks the form, loaded when the form is first used: zod and
// the schemas stay out of the page's first load (the results need neither).
// The route's query schema is a chunk of its own, fetched when the form appears rather than at
// the first search: a search made after the connection dropped still goes to the API and fails
// there, in words, instead of stopping silently on a chunk that cannot load.
let querySchema: Promise<typeof inventoryQuerySchema> | null = null;
function loadQuerySchema() {
  querySchema ??= import("@/lib/schemas/inventory")
    .then((module) => module.inventoryQuerySchema)
    .catch((error: unknown) => {
      querySchema = null;
      throw error;
    });
  return querySchema;
}

type Tri = "any" | "true" | "false";
type Draft = {
  country: string;
  type: string;
  region: string;
  contains: string;
  starts_with: string;
  ends_with: string;
  sms: Tri;
  voice: Tri;
  excludeAll: boolean;
  excludeDocuments: string[];
  limit: number;
};
type Errors = Partial<Record<keyof Draft | "form", string>>;

const tri = (value: boolean | null): Tri => (value === null ? "any" : value ? "true" : "false");
const fromTri = (value: Tri): boolean | null => (value === "any" ? null : value === "true");
const orUndefined = (value: string) => (value.trim() === "" ? undefined : value.trim());
// Digits as people paste them, "(212) 202-7333" or "+44 20 4903": the separators go, a leading + stays.
const digitsOrUndefined = (value: string) => orUndefined(value.replace(/[\s().\-/]/g, ""));

function draftOf(search: InventorySearch | null): Draft {
  return {
    country: search?.country ?? "",
    type: search?.number_type ?? "",
    region: search?.region ?? "",
    contains: search?.contains ?? "",
    starts_with: search?.starts_with ?? "",
    ends_with: search?.ends_with ?? "",
    sms: tri(search?.sms_enabled ?? null),
    voice: tri(search?.voice_enabled ?? null),
    excludeAll: search?.exclude_all_documents_required ?? false,
    excludeDocuments: search?.exclude_documents ?? [],
    limit: search?.limit ?? INVENTORY_PAGE.defaultLimit,
  };
}

// Draft field ← the API's query parameter it becomes, for mapping the schema's issues back.
const fieldOfParam: Partial<Record<string, keyof Draft>> = {
  country: "country",
  number_type: "type",
  sms_enabled: "sms",
  voice_enabled: "voice",
  contains: "contains",
  starts_with: "starts_with",
  ends_with: "ends_with",
  region: "region",
  limit: "limit",
  exclude_documents: "excludeDocuments",
};

// What each refused field needs, in the form's own words (the API's messages name parameters).
const fieldMessages: Partial<Record<keyof Draft, string>> = {
  contains:
    "Contains takes up to 15 digits or letters (CALL finds 2255), optionally after a +. Remove spaces and other signs.",
  starts_with: "Starts with takes up to 15 digits, such as 212, or + and the country code, such as +1212.",
  ends_with: "Ends with takes up to 15 digits, such as 7333.",
  country: "Choose a country from the list.",
  type: "Choose a number type from the list.",
  region: "Choose a region from the list.",
  sms: "Choose whether the numbers send SMS.",
  voice: "Choose whether the numbers take calls.",
  limit: "Choose how many results a page shows.",
  excludeDocuments: "Choose the documents to leave out again.",
};

/**
 * `busy`: a search is on its way, so Search waits for it. `onInvalid`: the filters on screen
 * cannot be searched, so the results below no longer match them.
 */
export function InventoryFilters({
  search,
  onSearch,
  busy = false,
  onInvalid,
  refused = null,
}: {
  search: InventorySearch | null;
  onSearch: (search: InventorySearch) => void;
  busy?: boolean;
  onInvalid?: (invalid: boolean) => void;
  /** A filter of this URL the API refused: marked on its field until the person searches. */
  refused?: RefusedFilter | null;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const [ownErrors, setErrors] = useState<Errors | null>(null);
  const refusedField: keyof Errors | null = refused ? (fieldOfParam[refused.param] ?? "form") : null;
  // The field the API refused, with what it still holds (unchanged, it would be refused again).
  const stillRefused =
    refusedField !== null &&
    refusedField !== "form" &&
    refused !== null &&
    String(draft[refusedField]) === refused.value;
  const refusedErrors: Errors =
    refusedField === null
      ? {}
      : refusedField === "form"
        ? { form: "This link's filters cannot be searched. Clear them and search again." }
        : { [refusedField]: refused?.reason ?? fieldMessages[refusedField] ?? "Change this filter." };
  const errors: Errors = ownErrors ?? refusedErrors;
  const countries = useCountries();
  const documentTypes = useDocumentTypes();
  const regions = useRegions(draft.country || null);
  // The product map says which number types, and which regions of each, the country sells.
  const offer = useProducts(draft.country || null);
  const typesSold = Object.keys(offer.data?.[draft.country] ?? {});
  const regionIds = draft.type ? new Set(Object.keys(offer.data?.[draft.country]?.[draft.type] ?? {})) : null;
  const regionOptions = (regions.data ?? []).filter(
    (region) => regionIds === null || regionIds.has(region.id),
  );

  useEffect(() => {
    loadQuerySchema().catch(() => undefined);
  }, []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (stillRefused && refusedField !== null) {
      onInvalid?.(true);
      return setErrors(refusedErrors);
    }
    if (!draft.country) {
      onInvalid?.(true);
      return setErrors({ country: "Choose a country to search in." });
    }
    // The route's own query schema, so the form refuses exactly what the API would.
    // Without the schema (offline before it loaded) the API checks the filters instead.
    const schema = await loadQuerySchema().catch(() => null);
    const parsed = schema?.safeParse({
      limit: String(draft.limit),
      contains: digitsOrUndefined(draft.contains),
      starts_with: digitsOrUndefined(draft.starts_with),
      ends_with: digitsOrUndefined(draft.ends_with),
      region: orUndefined(draft.region),
      exclude_documents: draft.excludeDocuments.length > 0 ? draft.excludeDocuments : undefined,
    });
    if (parsed !== undefined && !parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOfParam[String(issue.path[0])];
        if (field === undefined) next.form ??= "These filters cannot be searched. Clear them and try again.";
        else next[field] ??= fieldMessages[field] ?? issue.message;
      }
      onInvalid?.(true);
      return setErrors(next);
    }
    setErrors({});
    onInvalid?.(false);
    onSearch({
      country: draft.country,
      number_type: draft.type || null,
      region: draft.region || null,
      contains: digitsOrUndefined(draft.contains) ?? null,
      starts_with: digitsOrUndefined(draft.starts_with) ?? null,
      ends_with: digitsOrUndefined(draft.ends_with) ?? null,
      sms_enabled: fromTri(draft.sms),
      voice_enabled: fromTri(draft.voice),
      exclude_all_documents_required: draft.excludeAll,
      exclude_documents: draft.excludeAll ? [] : draft.excludeDocuments,
      limit: draft.limit,
      offset: 0,
    });
  }

  return (
    <form
      className="card"
      onSubmit={handleSubmit}
      onFocus={() => void loadQuerySchema()}
      aria-label="Search numbers"
      noValidate
    >
      <div className="form-grid">
        <Field label="Country" error={errors.country}>
          {(props) => (
            <select
              {...props}
              value={draft.country}
              onChange={(event) => setDraft({ ...draft, country: event.target.value, type: "", region: "" })}
            >
              <option value="">{countries.isPending ? "Loading countries…" : "Choose a country"}</option>
              <UnknownOption value={draft.country} known={countries.data?.map((country) => country.id)} />
              {countries.data?.map((country) => (
                <option key={country.id} value={country.id}>
                  {country.english_name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Number type">
          {(props) => (
            <select
              {...props}
              value={draft.type}
              disabled={!draft.country}
              onChange={(event) => setDraft({ ...draft, type: event.target.value, region: "" })}
            >
              <option value="">Any type</option>
              <UnknownOption value={draft.type} known={offer.data ? typesSold : undefined} />
              {typesSold.map((type) => (
                <option key={type} value={type}>
                  {numberTypeLabel(type)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Region" error={errors.region}>
          {(props) => (
            <select
              {...props}
              value={draft.region}
              disabled={!draft.country}
              onChange={(event) => set("region", event.target.value)}
            >
              <option value="">Any region</option>
              <UnknownOption
                value={draft.region}
                known={regions.data && offer.data ? regionOptions.map((region) => region.id) : undefined}
              />
              {regionOptions.map((region) => (
                <option key={region.id} value={region.id}>
                  {region.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Contains" hint="Digits or letters: CALL finds 2255" error={errors.contains}>
          {(props) => (
            <input
              {...props}
              type="search"
              inputMode="text"
              value={draft.contains}
              onChange={(event) => set("contains", event.target.value)}
            />
          )}
        </Field>
        <Field
          label="Starts with"
          hint="National digits (212), or + and country code (+1212)"
          error={errors.starts_with}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              inputMode="numeric"
              value={draft.starts_with}
              onChange={(event) => set("starts_with", event.target.value)}
            />
          )}
        </Field>
        <Field label="Ends with" hint="National digits" error={errors.ends_with}>
          {(props) => (
            <input
              {...props}
              type="text"
              inputMode="numeric"
              value={draft.ends_with}
              onChange={(event) => set("ends_with", event.target.value)}
            />
          )}
        </Field>
        <Field label="SMS">
          {(props) => (
            <select {...props} value={draft.sms} onChange={(event) => set("sms", event.target.value as Tri)}>
              <option value="any">Any</option>
              <option value="true">SMS enabled</option>
              <option value="false">Without SMS</option>
            </select>
          )}
        </Field>
        <Field label="Voice">
          {(props) => (
            <select
              {...props}
              value={draft.voice}
              onChange={(event) => set("voice", event.target.value as Tri)}
            >
              <option value="any">Any</option>
              <option value="true">Voice enabled</option>
              <option value="false">Without voice</option>
            </select>
          )}
        </Field>
        <Field label="Results per page" error={errors.limit}>
          {(props) => (
            <select
              {...props}
              value={draft.limit}
              onChange={(event) => set("limit", Number(event.target.value))}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="form-section">
        <legend>Documents</legend>
        <div className="checks">
          <label className="check">
            <input
              type="checkbox"
              checked={draft.excludeAll}
              onChange={(event) => set("excludeAll", event.target.checked)}
            />
            Only numbers that need no documents
          </label>
          {documentTypes.data?.map((type) => (
            <label key={type.id} className="check">
              <input
                type="checkbox"
                disabled={draft.excludeAll}
                checked={draft.excludeDocuments.includes(type.id)}
                onChange={(event) =>
                  set(
                    "excludeDocuments",
                    event.target.checked
                      ? [...draft.excludeDocuments, type.id]
                      : draft.excludeDocuments.filter((id) => id !== type.id),
                  )
                }
              />
              Not needing: {type.name}
            </label>
          ))}
        </div>
        {errors.excludeDocuments ? <p className="field__error">{errors.excludeDocuments}</p> : null}
      </fieldset>
      {errors.form ? (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" aria-disabled={busy} disabled={busy}>
          {busy ? "Searching…" : "Search numbers"}
        </button>
        <button
          type="button"
          className="btn btn--link"
          onClick={() =>
            setDraft(
              draftOf(
                draft.country ? blankInventorySearch(draft.country, INVENTORY_PAGE.defaultLimit) : null,
              ),
            )
          }
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}

/**
 * A value from the URL that is not among the choices (a shared link's "region=nope"): shown as
 * it is, so the select says what the link asked for until the person picks another.
 */
function UnknownOption({ value, known }: { value: string; known: readonly string[] | undefined }) {
  if (value === "" || known === undefined || known.includes(value)) return null;
  return <option value={value}>“{value}” (not offered)</option>;
}
