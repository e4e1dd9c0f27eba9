"use client";
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * A hidden marker that is in the server's HTML and gone once the part of the page around it has
 * hydrated: until then, what a person types into that part's fields is not React's yet, and the
 * first render after hydration puts the fields back to the URL's values. The browser tests
 * (e2e/helpers.ts, openAs) wait until no marker is left before they touch a page; a person
 * never sees it.
 */
export function HydrationMark() {
  // The server's answer (false) while hydrating, the browser's (true) in the render right after.
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return hydrated ? null : <span hidden data-hydrating="" />;
}
