"use client";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { InventoryFilters } from "@/components/inventory/inventory-filters";
import { InventoryResults } from "@/components/inventory/inventory-results";
import { refusedFilter, searchFromParams, searchToParams } from "@/components/inventory/search-state";
import { plural } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { numberCount } from "@/lib/cart/cart";
import { useCart } from "@/components/hooks/use-cart";
import { useInventorySearch, type InventorySearch } from "@/components/hooks/use-inventory";
import { useRegions } from "@/components/hooks/use-reference";

/** `cartRefusal`: why this person's role may not hold or buy numbers; null when it may. */
export function InventoryView({ cartRefusal }: { cartRefusal: string | null }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const search = searchFromParams(new URLSearchParams(params.toString()));
  const results = useInventorySearch(search);
  const regions = useRegions(search?.country ?? null);
  const regionNames = new Map((regions.data ?? []).map((region) => [region.id, region.name]));
  const { cart } = useCart();
  const inCart = numberCount(cart);

  // A search changes the URL in place (history.pushState, which Next.js's useSearchParams
  // follows) and the browser asks the API: no navigation to the server that a lost connection
  // could turn into the browser's offline page; a failed search shows its error here instead.
  // push, not replace: each search is a step the back button should return to.
  const go = (next: InventorySearch) => {
    moveToResults.current = true;
    window.history.pushState(null, "", `${pathname}?${searchToParams(next).toString()}`);
  };
  const updating = results.isFetching && results.isPlaceholderData;
  const busy = results.isFetching;
  // The filters on screen could not be searched (for this URL): the results below are not theirs.
  const [invalidFor, setInvalidFor] = useState<string | null>(null);
  const filtersInvalid = invalidFor === params.toString();
  // The API refused a filter from the URL (a shared link): it is marked in the form, in words,
  // instead of a "Try again" that would send the same request.
  const refused = refusedFilter(results.error);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moveToResults = useRef(false);
  // Once a search's results are in, their heading takes focus at the top of the screen (on a
  // phone the results start far below the form; the section's own focus landed mid-list).
  useEffect(() => {
    if (moveToResults.current && !busy && headingRef.current) {
      moveToResults.current = false;
      bringIntoView(headingRef.current);
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
        refused={refused}
      />
      <section className="card results" aria-labelledby="results-heading" aria-busy={busy}>
        <div className="card__title">
          <h2 id="results-heading" ref={headingRef} tabIndex={-1}>
            Results
            {results.data && !filtersInvalid && !refused ? (
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
        {filtersInvalid || refused ? (
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
        ) : (
          // While the next search loads (`updating`) the previous one's numbers are not shown: they
          // would read as its results. A failure offers Try again: asking again may help.
          <QueryState
            query={results}
            pending={updating}
            loading="Searching numbers…"
            errorTitle="The search failed"
            empty={
              <EmptyState title="No numbers match">
                <p>Try fewer filters, another region, or a shorter pattern.</p>
              </EmptyState>
            }
          >
            {(data) => (
              <>
                <InventoryResults
                  items={data.items}
                  national={data.national}
                  regionNames={regionNames}
                  cartRefusal={cartRefusal}
                />
                <Pagination
                  label="Result pages"
                  offset={search.offset}
                  limit={search.limit}
                  total={data.total}
                  onChange={(offset) => go({ ...search, offset })}
                />
              </>
            )}
          </QueryState>
        )}
      </section>
    </div>
  );
}

/** Focus without the browser's own scroll, then the element's top just under the sticky header. */
function bringIntoView(element: HTMLElement) {
  element.focus({ preventScroll: true });
  const header = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
  window.scrollBy({ top: element.getBoundingClientRect().top - Math.max(header, 0) - 12 });
}
