"use client";
import { Fragment, useEffect, useMemo, useRef, type ReactNode } from "react";
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type RowData,
  type SortingState,
} from "@tanstack/react-table";
import { Pagination } from "@/components/ui/pagination";
import {
  isSelected,
  offersAllMatching,
  pageState,
  selectAllMatching,
  selectedCount,
  toggleRow,
  togglePage,
  noSelection,
  type Selection,
} from "@/components/ui/selection";

// Use: a list of records as a table on a laptop and one card per row on a phone.
//   <DataTable caption="Orders, newest first" rows={orders} rowId={(o) => o.reference_id}
//     columns={[{ id: "placed", header: "Placed", cell: (o) => formatDateTime(o.created_at), sortValue: (o) => o.created_at }]}
//     paging={{ offset, limit: 20, total, onChange: setOffset, label: "Order pages" }}
//     selection={{ value: selection, onChange: setSelection, total, rowLabel: (o) => o.reference_id }} />
// Keep `columns` stable (module scope or useMemo). A column with `sortValue` sorts the rows
// shown (TanStack Table); pass `sorting` + `onSortingChange` when the server sorts instead.
// Selection is of this page or of "all N matching" (components/ui/selection.ts): a bulk
// action sends `selectionRequest(selection)`. On a phone each cell shows its column's label
// beside its content, which is kept in one box so a second line stays beside the label too.

export type DataColumn<T> = {
  id: string;
  header: ReactNode;
  /** The label beside the cell on a phone: defaults to `header` when that is text; "" for none. */
  label?: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => string | number;
  numeric?: boolean;
  /** The row's buttons: no label on a phone, laid out in a row. */
  action?: boolean;
  /** Only for screen readers in the header (an actions column). */
  hideHeader?: boolean;
  className?: string;
};

export type DataTableSelection<T> = {
  value: Selection;
  onChange: (next: Selection) => void;
  /** Every row the current filter matches, on all pages. */
  total: number;
  /** Names the row for its checkbox: "Select order ORD-1". */
  rowLabel: (row: T) => string;
};

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});

export function DataTable<T extends RowData>({
  caption,
  columns,
  rows,
  rowId,
  rowProps,
  rowDetail,
  selection,
  paging,
  sorting,
  onSortingChange,
  busy = false,
  updating = false,
}: {
  /** Read by screen readers; says what the rows are and their order. */
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => string;
  rowProps?: (row: T) => { testId?: string; className?: string };
  /** A full-width row under a row (its attempts, its history), or null; `id` for aria-controls. */
  rowDetail?: (row: T) => { id: string; content: ReactNode } | null;
  selection?: DataTableSelection<T>;
  paging?: {
    offset: number;
    limit: number;
    total: number;
    onChange: (offset: number) => void;
    label: string;
  };
  sorting?: SortingState;
  onSortingChange?: (next: SortingState) => void;
  /** A fetch is under way (aria-busy). */
  busy?: boolean;
  /** The rows shown are the previous page's while the next loads (dimmed). */
  updating?: boolean;
}) {
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return helper.columns(
      columns.map((column) =>
        column.sortValue
          ? helper.accessor(column.sortValue, { id: column.id, sortFn: "alphanumeric" })
          : helper.display({ id: column.id, enableSorting: false }),
      ),
    );
  }, [columns]);
  const manual = sorting !== undefined && onSortingChange !== undefined;
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({
    features,
    columns: tableColumns,
    data,
    getRowId: (row) => rowId(row),
    manualSorting: manual,
    enableSortingRemoval: false,
    ...(manual
      ? {
          state: { sorting },
          onSortingChange: (updater) =>
            onSortingChange(typeof updater === "function" ? updater(sorting) : updater),
        }
      : {}),
  });
  const byId = new Map(columns.map((column) => [column.id, column]));
  const pageIds = rows.map(rowId);
  const width = columns.length + (selection ? 1 : 0);

  return (
    <>
      {selection ? <SelectionBar selection={selection} pageIds={pageIds} /> : null}
      <div className={`table-wrap${updating ? " is-updating" : ""}`} aria-busy={busy}>
        <table className="cards-on-phone data-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {selection ? (
                  <th scope="col" className="cell--select">
                    <PageCheckbox selection={selection} pageIds={pageIds} />
                  </th>
                ) : null}
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id);
                  if (!column) return null;
                  const sorted = header.column.getIsSorted();
                  const heading = column.hideHeader ? (
                    <span className="visually-hidden">{column.header}</span>
                  ) : (
                    column.header
                  );
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={column.numeric ? "num" : undefined}
                      aria-sort={
                        sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="sort-button"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {heading}
                          <span aria-hidden="true">
                            {sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : " ↕"}
                          </span>
                        </button>
                      ) : (
                        heading
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => {
              const props = rowProps?.(row.original);
              const detail = rowDetail?.(row.original) ?? null;
              return (
                <Fragment key={row.id}>
                  <tr data-testid={props?.testId} className={props?.className}>
                    {selection ? (
                      <td className="cell--select" data-label="">
                        <input
                          type="checkbox"
                          checked={isSelected(selection.value, row.id)}
                          aria-label={selection.rowLabel(row.original)}
                          onChange={(event) =>
                            selection.onChange(toggleRow(selection.value, row.id, event.target.checked))
                          }
                        />
                      </td>
                    ) : null}
                    {row.getAllCells().map((cell) => {
                      const column = byId.get(cell.column.id);
                      return column ? <DataCell key={cell.id} column={column} row={row.original} /> : null;
                    })}
                  </tr>
                  {detail ? (
                    <tr id={detail.id} className="data-table__detail">
                      <td colSpan={width}>{detail.content}</td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {paging ? <Pagination {...paging} /> : null}
    </>
  );
}

function DataCell<T>({ column, row }: { column: DataColumn<T>; row: T }) {
  const label = column.action
    ? ""
    : (column.label ?? (typeof column.header === "string" ? column.header : ""));
  const className = [column.numeric ? "num" : "", column.action ? "cell--action" : "", column.className ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <td data-label={label} className={className || undefined}>
      {/* One box: on a phone the cell is a grid of label then content, and every line stays in the content's column. */}
      {column.action ? column.cell(row) : <div className="cell__value">{column.cell(row)}</div>}
    </td>
  );
}

function PageCheckbox<T>({ selection, pageIds }: { selection: DataTableSelection<T>; pageIds: string[] }) {
  const box = useRef<HTMLInputElement>(null);
  const state = pageState(selection.value, pageIds);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === "some";
  }, [state]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label="Select every row on this page"
      checked={state === "all"}
      disabled={pageIds.length === 0}
      onChange={(event) => selection.onChange(togglePage(selection.value, pageIds, event.target.checked))}
    />
  );
}

function SelectionBar<T>({ selection, pageIds }: { selection: DataTableSelection<T>; pageIds: string[] }) {
  const count = selectedCount(selection.value);
  const everything = selection.value.kind === "all" && selection.value.except.size === 0;
  // On a phone the header (and its "every row on this page" box) is hidden: this stands in.
  const pagePick =
    pageIds.length > 0 && pageState(selection.value, pageIds) !== "all" ? (
      <button
        type="button"
        className="btn btn--small btn--link selection-bar__page"
        onClick={() => selection.onChange(togglePage(selection.value, pageIds, true))}
      >
        Select the {pageIds.length.toLocaleString("en-GB")} on this page
      </button>
    ) : null;
  return (
    <div className="selection-bar" role="status" aria-live="polite">
      {pagePick}
      {count === 0 ? null : (
        <>
          <span data-testid="selection-count">
            {everything
              ? `All ${count.toLocaleString("en-GB")} selected`
              : `${count.toLocaleString("en-GB")} selected`}
          </span>
          {offersAllMatching(selection.value, pageIds, selection.total) ? (
            <button
              type="button"
              className="btn btn--small btn--link"
              onClick={() => selection.onChange(selectAllMatching(selection.total))}
            >
              Select all {selection.total.toLocaleString("en-GB")} matching
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn--small btn--link"
            onClick={() => selection.onChange(noSelection)}
          >
            Clear selection
          </button>
        </>
      )}
    </div>
  );
}
