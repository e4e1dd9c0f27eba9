"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

type Navigate = (changes: Record<string, string | null>, options?: { history?: "push" | "replace" }) => void;

/**
 * The page's query string, and a way to change some of its parameters in place (an empty
 * value removes one), so filters live in a URL people can share. `history: "push"` makes the
 * change a step the back button undoes (a new filter); the default replaces it (a page turn).
 */
export function useQueryString(): [URLSearchParams, Navigate] {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const navigate: Navigate = (changes, options) => {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const href = `${pathname}?${next.toString()}`;
    if (options?.history === "push") router.push(href, { scroll: false });
    else router.replace(href, { scroll: false });
  };
  return [params, navigate];
}
