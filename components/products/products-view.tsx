"use client";
import { useQueryString } from "@/components/hooks/use-query-string";
import { ProductComparison } from "@/components/products/product-comparison";
import { isMeasureKey } from "@/components/products/product-compare";
import { ProductMatrix } from "@/components/products/product-matrix";
import {
  productRows,
  sortKeys,
  sortRows,
  type SortDirection,
  type SortKey,
} from "@/components/products/product-rows";
import { Field } from "@/components/ui/field";
import { numberTypeLabel, plural } from "@/components/ui/format";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { useProducts } from "@/components/hooks/use-products";
import { useCountries, useRegions } from "@/components/hooks/use-reference";

/** `cartRefusal`: why this person's role may not hold or buy numbers; null when it may. */
export function ProductsView({ cartRefusal }: { cartRefusal: string | null }) {
  const [params, navigate] = useQueryString();
  const country = params.get("country")?.toUpperCase() ?? "";
  const numberType = params.get("type") ?? "";
  const sort = (sortKeys as readonly string[]).includes(params.get("sort") ?? "")
    ? (params.get("sort") as SortKey)
    : "region";
  const direction: SortDirection = params.get("dir") === "desc" ? "desc" : "asc";
  const regionFilter = params.get("region") ?? "";
  const compare = params.get("compare");

  const countries = useCountries();
  const offer = useProducts(country || null);
  const products = useProducts(country && numberType ? country : null, numberType || null);
  const regions = useRegions(country || null);
  const typesSold = Object.keys(offer.data?.[country] ?? {});
  const regionNames = new Map((regions.data ?? []).map((region) => [region.id, region.name]));
  const allRows = sortRows(productRows(products.data, country, numberType, regionNames), sort, direction);
  // Regions that sell this type, by name; a region in the URL that sells none shows no rows.
  const regionChoices = [...new Map(allRows.map((row) => [row.regionId, row.regionName])).entries()].sort(
    (a, b) => a[1].localeCompare(b[1]),
  );
  const rows = regionFilter ? allRows.filter((row) => row.regionId === regionFilter) : allRows;
  const regionName = regionNames.get(regionFilter) ?? regionFilter;
  const countryName = countries.data?.find((candidate) => candidate.id === country)?.english_name ?? country;

  const onSort = (key: SortKey) =>
    navigate({ sort: key, dir: key === sort && direction === "asc" ? "desc" : "asc" });

  return (
    <div className="stack">
      <form className="card" aria-label="Choose products" onSubmit={(event) => event.preventDefault()}>
        <div className="form-grid">
          <Field label="Country">
            {(props) => (
              <select
                {...props}
                value={country}
                onChange={(event) =>
                  navigate({ country: event.target.value, type: null, region: null, compare: null })
                }
              >
                <option value="">{countries.isPending ? "Loading countries…" : "Choose a country"}</option>
                {countries.data?.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.english_name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Number type">
            {(props) => (
              <select
                {...props}
                value={numberType}
                disabled={!country || offer.isPending}
                onChange={(event) => navigate({ type: event.target.value, region: null, compare: null })}
              >
                <option value="">{country && offer.isPending ? "Loading…" : "Choose a type"}</option>
                {typesSold.map((type) => (
                  <option key={type} value={type}>
                    {numberTypeLabel(type)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label="Region"
            hint={regionChoices.length > 0 ? `${regionChoices.length} regions sell these numbers` : undefined}
          >
            {(props) => (
              <select
                {...props}
                value={regionFilter}
                disabled={regionChoices.length === 0}
                onChange={(event) => navigate({ region: event.target.value })}
              >
                <option value="">All regions</option>
                {regionChoices.map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </form>

      {!country || !numberType ? (
        <section className="card">
          <EmptyState title="Choose a country and a number type">
            <p>Every region&apos;s products appear side by side, with the cheapest marked.</p>
          </EmptyState>
        </section>
      ) : products.isPending || regions.isPending ? (
        // Rows wait for the region names too: a row never shows a bare region id while they load.
        <section className="card">
          <LoadingState label="Loading products…" />
        </section>
      ) : products.isError ? (
        <ErrorState
          error={products.error}
          onRetry={() => products.refetch()}
          title="The products could not be loaded"
        />
      ) : rows.length === 0 ? (
        <section className="card">
          <EmptyState title="No products">
            {regionFilter && allRows.length > 0 ? (
              <p>
                {regionName} sells no {numberTypeLabel(numberType).toLowerCase()} numbers.{" "}
                <button type="button" className="btn btn--link" onClick={() => navigate({ region: null })}>
                  Show all regions
                </button>
              </p>
            ) : (
              <p>
                {countryName} sells no {numberTypeLabel(numberType).toLowerCase()} numbers at the moment.
              </p>
            )}
          </EmptyState>
        </section>
      ) : (
        <>
          <section className="card" aria-labelledby="chart-heading">
            <h2 id="chart-heading">What differs between the products</h2>
            <ProductComparison
              rows={rows}
              chosen={isMeasureKey(compare) ? compare : null}
              onChoose={(key) => navigate({ compare: key })}
              scope={`${regionFilter ? regionName : countryName}, ${numberTypeLabel(numberType).toLowerCase()} numbers`}
            />
          </section>
          <section aria-labelledby="matrix-heading" className="stack">
            <h2 id="matrix-heading">
              {plural(rows.length, "product")} in{" "}
              {plural(new Set(rows.map((row) => row.regionId)).size, "region")}
            </h2>
            {cartRefusal === null ? null : (
              <p id="cart-refusal" className="small muted" data-testid="cart-refusal">
                {cartRefusal}
              </p>
            )}
            <ProductMatrix
              cartRefused={cartRefusal !== null}
              rows={rows}
              country={country}
              numberType={numberType}
              sort={sort}
              direction={direction}
              onSort={onSort}
            />
          </section>
        </>
      )}
    </div>
  );
}
