"use client";
import { useEffect, useRef, type RefObject } from "react";

// Use: const ref = useFocusOn(error); … <p ref={ref} tabIndex={-1}>{error}</p>
// After an action, focus goes to what it made appear (the next step, the message): a person
// on a keyboard or a screen reader continues from there, not from the top of the page, which
// is where the browser puts focus when the button they pressed disappears.

/** A ref whose element takes focus each time `key` changes to something other than null, undefined or false. */
export function useFocusOn<T extends HTMLElement>(key: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (key === null || key === undefined || key === false) return;
    ref.current?.focus();
  }, [key]);
  return ref;
}
