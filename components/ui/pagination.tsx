/** "Showing 51–100 of 1,234" with previous and next; the page decides what a page is. */
export function Pagination({
  offset,
  limit,
  total,
  onChange,
  label,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  label: string;
}) {
  if (total === 0) return null;
  const first = Math.min(offset + 1, total);
  const last = Math.min(offset + limit, total);
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav className="pagination" aria-label={label}>
      <span className="muted small" aria-live="polite">
        Showing {first.toLocaleString("en-GB")}–{last.toLocaleString("en-GB")} of{" "}
        {total.toLocaleString("en-GB")} · page {page} of {pages.toLocaleString("en-GB")}
      </span>
      <span className="row">
        <button
          type="button"
          className="btn btn--small"
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - limit))}
        >
          ← Previous
        </button>
        <button
          type="button"
          className="btn btn--small"
          disabled={offset + limit >= total}
          onClick={() => onChange(offset + limit)}
        >
          Next →
        </button>
      </span>
    </nav>
  );
}
