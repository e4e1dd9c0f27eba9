"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/**
 * The page's query string, and a way to change some of its parameters in place (an empty
 * value removes one), so filters live in a URL people can share.
 */
export function useQueryString(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const navigate = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    router.replace(`${pathname}?${next.toString()}`, { scroll: false });
  };
  return [params, navigate];
}
