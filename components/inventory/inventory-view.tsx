"use client";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { InventoryFilters } from "@/components/inventory/inventory-filters";
import { InventoryResults } from "@/components/inventory/inventory-results";
import { searchFromParams, searchToParams } from "@/components/inventory/search-state";
import { plural } from "@/components/ui/format";
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

  // The server writes the first results of a URL, so a search is a navigation: until it lands
  // the page still shows the previous search's numbers, hidden and marked busy meanwhile.
  const [navigating, startNavigation] = useTransition();
  // push, not replace: each search is a step the back button should return to.
  const go = (next: InventorySearch) => {
    moveToResults.current = true;
    startNavigation(() => router.push(`${pathname}?${searchToParams(next).toString()}`, { scroll: false }));
  };
  const updating = navigating || (results.isFetching && results.isPlaceholderData);
  const busy = navigating || results.isFetching;
  // The filters on screen could not be searched (for this URL): the results below are not theirs.
  const [invalidFor, setInvalidFor] = useState<string | null>(null);
  const filtersInvalid = invalidFor === params.toString();
  const resultsRef = useRef<HTMLElement>(null);
  const moveToResults = useRef(false);
  // Once a search's results are in, they take focus and scroll into view (on a phone they start far below the form).
  useEffect(() => {
    if (moveToResults.current && !busy) {
      moveToResults.current = false;
      resultsRef.current?.focus();
    }
  }, [busy, params]);

  return (
    <div className="stack">
      <InventoryFilters
        key={params.toString()}
        search={search}
        onSearch={go}
        busy={busy}
        onInvalid={(invalid) => setInvalidFor(invalid ? params.toString() : null)}
      />
      <section
        ref={resultsRef}
        tabIndex={-1}
        className="card results"
        aria-labelledby="results-heading"
        aria-busy={busy}
      >
        <div className="card__title">
          <h2 id="results-heading">
            Results
            {results.data && !filtersInvalid ? (
              <span className="muted small" data-testid="result-count">
                {" "}
                · {updating ? "updating…" : plural(results.data.total, "number")}
              </span>
            ) : null}
          </h2>
          {inCart > 0 ? (
            <Link className="btn btn--small" href="/cart">
              Cart: {inCart} → checkout
            </Link>
          ) : null}
        </div>
        {filtersInvalid ? (
          <EmptyState title="Fix the filters to search">
            <p>
              The filters above have a problem, marked in red. Results will show here once they can be
              searched.
            </p>
          </EmptyState>
        ) : search === null ? (
          <EmptyState title="Choose a country to start">
            <p>Pick a country, and optionally a number type, region and filters, then search.</p>
          </EmptyState>
        ) : results.isPending || updating ? (
          // The previous search's numbers are not shown while the next loads: they would read as its results.
          <LoadingState label="Searching numbers…" />
        ) : results.isError ? (
          <ErrorState error={results.error} onRetry={() => results.refetch()} title="The search failed" />
        ) : results.data.items.length === 0 ? (
          <EmptyState title="No numbers match">
            <p>Try fewer filters, another region, or a shorter pattern.</p>
          </EmptyState>
        ) : (
          <>
            <InventoryResults
              items={results.data.items}
              national={results.data.national}
              regionNames={regionNames}
            />
            <Pagination
              label="Result pages"
              offset={search.offset}
              limit={search.limit}
              total={results.data.total}
              onChange={(offset) => go({ ...search, offset })}
            />
          </>
        )}
      </section>
    </div>
  );
}
