"use client";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { InventoryFilters } from "@/components/inventory/inventory-filters";
import { InventoryResults } from "@/components/inventory/inventory-results";
import { searchFromParams, searchToParams } from "@/components/inventory/search-state";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { numberCount } from "@/lib/cart/cart";
import { useCart } from "@/lib/hooks/use-cart";
import { useInventorySearch, type InventorySearch } from "@/lib/hooks/use-inventory";
import { useRegions } from "@/lib/hooks/use-reference";

export function InventoryView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const search = searchFromParams(new URLSearchParams(params.toString()));
  const results = useInventorySearch(search);
  const regions = useRegions(search?.country ?? null);
  const regionNames = new Map((regions.data ?? []).map((region) => [region.id, region.name]));
  const { cart } = useCart();
  const inCart = numberCount(cart);

  // push, not replace: each search is a step the back button should return to.
  const go = (next: InventorySearch) => router.push(`${pathname}?${searchToParams(next).toString()}`, { scroll: false });

  return (
    <div className="stack">
      <InventoryFilters key={params.toString()} search={search} onSearch={go} />
      <section className="card" aria-labelledby="results-heading" aria-busy={results.isFetching}>
        <div className="card__title">
          <h2 id="results-heading">
            Results
            {results.data ? <span className="muted small"> · {results.data.total.toLocaleString("en-GB")} numbers</span> : null}
          </h2>
          {inCart > 0 ? (
            <Link className="btn btn--small" href="/cart">
              Cart: {inCart} → checkout
            </Link>
          ) : null}
        </div>
        {search === null ? (
          <EmptyState title="Choose a country to start">
            <p>Pick a country, and optionally a number type, region and filters, then search.</p>
          </EmptyState>
        ) : results.isPending ? (
          <LoadingState label="Searching numbers…" />
        ) : results.isError ? (
          <ErrorState error={results.error} onRetry={() => results.refetch()} title="The search failed" />
        ) : results.data.items.length === 0 ? (
          <EmptyState title="No numbers match">
            <p>Try fewer filters, another region, or a shorter pattern.</p>
          </EmptyState>
        ) : (
          <>
            <InventoryResults items={results.data.items} national={results.data.national} regionNames={regionNames} />
            <Pagination label="Result pages" offset={search.offset} limit={search.limit} total={results.data.total} onChange={(offset) => go({ ...search, offset })} />
          </>
        )}
      </section>
    </div>
  );
}
