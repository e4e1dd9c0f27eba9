import type { Selection } from "@/components/ui/selection";
import { apiFetch, toQueryString } from "@/components/hooks/api-fetch";
import { jobFilter, searchParameters, type NumberSearch } from "@/components/hooks/number-search";
import type { JobTarget } from "@/components/hooks/use-jobs";
import { MAX_JOB_NUMBERS } from "@/lib/schemas/limits";
import type { numberConfigurationListResponseSchema } from "@/lib/schemas/numbers/responses";

// Which numbers a bulk job started from /numbers is for (docs/CONTRACT.md §16).

/**
 * What a job is sent for a selection: the ids picked; for "all N matching" the search's filter
 * when it says it all, else the matching numbers read back (the search box's text and rows
 * unticked are no filter a job takes). Extensions are left out: a job changes numbers only.
 */
export async function jobTarget(
  selection: Selection,
  search: NumberSearch,
  extensionIds: ReadonlySet<string>,
): Promise<JobTarget> {
  if (selection.kind === "some")
    return { number_ids: [...selection.ids].filter((id) => !extensionIds.has(id)) };
  const filter = jobFilter(search);
  if (filter !== null && selection.except.size === 0) return { filter };
  const { data } = await apiFetch<typeof numberConfigurationListResponseSchema>(
    `/numbers${toQueryString({ ...searchParameters({ ...search, offset: 0 }), limit: MAX_JOB_NUMBERS })}`,
  );
  return {
    number_ids: data.data
      .filter((item) => item.number_type !== null && !selection.except.has(item.number_id))
      .map((item) => item.number_id),
  };
}
