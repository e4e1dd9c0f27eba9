import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QueryState } from "@/components/ui/query-state";

type Page = { items: string[] };
type Query = Parameters<typeof QueryState<Page>>[0]["query"];

const query = (state: Partial<Query>): Query => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: async () => {
    throw new Error("not called while rendering");
  },
  ...state,
});

function render(
  state: Partial<Query>,
  props: {
    empty?: ReactNode;
    isEmpty?: (page: Page) => boolean;
    failed?: (error: Error) => ReactNode | undefined;
    pending?: boolean;
  } = {},
) {
  // QueryState holds no hooks, so calling it renders what React would.
  return renderToStaticMarkup(
    QueryState<Page>({
      query: query(state),
      loading: "Loading orders…",
      errorTitle: "The orders could not be loaded",
      ...props,
      children: (page) => createElement("ul", null, page.items.join(",")),
    }),
  );
}

describe("QueryState", () => {
  it("says what is loading in a status line while the query is pending", () => {
    const html = render({ isPending: true }, { empty: "No orders yet" });
    expect(html).toContain('role="status"');
    expect(html).toContain("Loading orders…");
    expect(html).not.toContain("<ul>");
  });

  it("shows a failed query as an alert with its title, the error's words and Try again", () => {
    const html = render(
      { isError: true, error: new Error("The server is busy.") },
      { empty: "No orders yet" },
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain("The orders could not be loaded");
    expect(html).toContain("The server is busy.");
    expect(html).toContain("Try again");
  });

  it("shows the empty text for a page with no items, and the data otherwise", () => {
    expect(render({ data: { items: [] } }, { empty: "No orders yet" })).toBe(
      '<div class="state"><h2>No orders yet</h2></div>',
    );
    expect(render({ data: { items: ["a", "b"] } }, { empty: "No orders yet" })).toBe("<ul>a,b</ul>");
  });

  it("asks isEmpty when given, and shows empty data as data when there is no empty text", () => {
    expect(render({ data: { items: ["a"] } }, { empty: "Nothing", isEmpty: () => true })).toContain(
      "Nothing",
    );
    expect(render({ data: { items: [] } })).toBe("<ul></ul>");
  });

  it("shows what failed gives for an error, and the usual alert when it gives nothing", () => {
    const failed = (error: Error) =>
      error.message === "gone" ? createElement("p", null, "No such order") : undefined;
    expect(render({ isError: true, error: new Error("gone") }, { failed })).toBe("<p>No such order</p>");
    const busy = render({ isError: true, error: new Error("The server is busy.") }, { failed });
    expect(busy).toContain('role="alert"');
    expect(busy).toContain("The server is busy.");
  });

  it("shows the loading state over data on hand while pending says a newer answer is on its way", () => {
    const html = render({ data: { items: ["old"] } }, { pending: true });
    expect(html).toContain('role="status"');
    expect(html).not.toContain("old");
  });
});
