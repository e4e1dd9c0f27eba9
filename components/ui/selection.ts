// Use: hold a `Selection` in state beside a paged list (`useState(noSelection)`), give it to
// <DataTable selection={…}>, and send `selectionRequest(selection)` to a bulk action.
//
// What a person has picked in a list the server pages: some rows by id, or "all N matching"
// the current filter, less the rows they then unticked. The second cannot be a list of ids:
// the other pages were never loaded, so it is kept as the exceptions and the total.

export type Selection =
  { kind: "some"; ids: ReadonlySet<string> } | { kind: "all"; total: number; except: ReadonlySet<string> };

export const noSelection: Selection = { kind: "some", ids: new Set() };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.kind === "some" ? selection.ids.has(id) : !selection.except.has(id);
}

/** How many rows are picked, across every page. */
export function selectedCount(selection: Selection): number {
  return selection.kind === "some"
    ? selection.ids.size
    : Math.max(0, selection.total - selection.except.size);
}

/** Ticks or unticks one row. */
export function toggleRow(selection: Selection, id: string, on: boolean): Selection {
  return togglePage(selection, [id], on);
}

/** The header checkbox: ticks every row of this page, or unticks them. */
export function togglePage(selection: Selection, pageIds: readonly string[], on: boolean): Selection {
  if (selection.kind === "some") {
    const ids = new Set(selection.ids);
    for (const id of pageIds) {
      if (on) ids.add(id);
      else ids.delete(id);
    }
    return { kind: "some", ids };
  }
  const except = new Set(selection.except);
  for (const id of pageIds) {
    if (on) except.delete(id);
    else except.add(id);
  }
  // Unticking every one of the N is no selection, not "all but N".
  return except.size >= selection.total ? noSelection : { kind: "all", total: selection.total, except };
}

/** "Select all N matching": every row the server would list, loaded or not. */
export function selectAllMatching(total: number): Selection {
  return total > 0 ? { kind: "all", total, except: new Set() } : noSelection;
}

/** The header checkbox's look for this page: every row picked, some, or none. */
export function pageState(selection: Selection, pageIds: readonly string[]): "all" | "some" | "none" {
  const picked = pageIds.filter((id) => isSelected(selection, id)).length;
  if (picked === 0) return "none";
  return picked === pageIds.length ? "all" : "some";
}

/**
 * Whether to offer "Select all N matching": this page is fully picked, there is more than
 * this page, and not everything is picked already.
 */
export function offersAllMatching(selection: Selection, pageIds: readonly string[], total: number): boolean {
  return (
    total > pageIds.length &&
    pageIds.length > 0 &&
    pageState(selection, pageIds) === "all" &&
    !(selection.kind === "all" && selection.except.size === 0)
  );
}

/** What a bulk action is sent: the ids, or "all matching" with the ids left out. */
export function selectionRequest(
  selection: Selection,
): { ids: string[] } | { all_matching: true; except_ids: string[] } {
  return selection.kind === "some"
    ? { ids: [...selection.ids] }
    : { all_matching: true, except_ids: [...selection.except] };
}
