"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { FeeChart } from "@/components/products/fee-chart";
import { ProductMatrix } from "@/components/products/product-matrix";
import { cheapestByRegion, productRows, sortKeys, sortRows, type SortDirection, type SortKey } from "@/components/products/product-rows";
import { Field } from "@/components/ui/field";
import { numberTypeLabel } from "@/components/ui/format";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { useProducts } from "@/lib/hooks/use-products";
import { useCountries, useRegions } from "@/lib/hooks/use-reference";

export function ProductsView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const country = params.get("country")?.toUpperCase() ?? "";
  const numberType = params.get("type") ?? "";
  const sort = (sortKeys as readonly string[]).includes(params.get("sort") ?? "") ? (params.get("sort") as SortKey) : "region";
  const direction: SortDirection = params.get("dir") === "desc" ? "desc" : "asc";

  const countries = useCountries();
  const offer = useProducts(country || null);
  const products = useProducts(country && numberType ? country : null, numberType || null);
  const regions = useRegions(country || null);
  const typesSold = Object.keys(offer.data?.[country] ?? {});
  const regionNames = new Map((regions.data ?? []).map((region) => [region.id, region.name]));
  const rows = sortRows(productRows(products.data, country, numberType, regionNames), sort, direction);
  const countryName = countries.data?.find((candidate) => candidate.id === country)?.english_name ?? country;

  function navigate(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    router.replace(`${pathname}?${next.toString()}`, { scroll: false });
  }

  const onSort = (key: SortKey) => navigate({ sort: key, dir: key === sort && direction === "asc" ? "desc" : "asc" });

  return (
    <div className="stack">
      <form className="card" aria-label="Choose products" onSubmit={(event) => event.preventDefault()}>
        <div className="form-grid">
          <Field label="Country">
            {(props) => (
              <select {...props} value={country} onChange={(event) => navigate({ country: event.target.value, type: null })}>
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
              <select {...props} value={numberType} disabled={!country || offer.isPending} onChange={(event) => navigate({ type: event.target.value })}>
                <option value="">{country && offer.isPending ? "Loading…" : "Choose a type"}</option>
                {typesSold.map((type) => (
                  <option key={type} value={type}>
                    {numberTypeLabel(type)}
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
      ) : products.isPending ? (
        <section className="card">
          <LoadingState label="Loading products…" />
        </section>
      ) : products.isError ? (
        <ErrorState error={products.error} onRetry={() => products.refetch()} title="The products could not be loaded" />
      ) : rows.length === 0 ? (
        <section className="card">
          <EmptyState title="No products">
            <p>
              {countryName} sells no {numberTypeLabel(numberType).toLowerCase()} numbers at the moment.
            </p>
          </EmptyState>
        </section>
      ) : (
        <>
          <section className="card" aria-labelledby="chart-heading">
            <h2 id="chart-heading">Monthly fee by region</h2>
            <FeeChart bars={cheapestByRegion(rows)} title={`Cheapest monthly fee by region, ${countryName}, ${numberTypeLabel(numberType)} numbers`} />
          </section>
          <section aria-labelledby="matrix-heading" className="stack">
            <h2 id="matrix-heading">
              {rows.length} products in {new Set(rows.map((row) => row.regionId)).size} regions
            </h2>
            <ProductMatrix rows={rows} country={country} numberType={numberType} sort={sort} direction={direction} onSort={onSort} />
          </section>
        </>
      )}
    </div>
  );
}
