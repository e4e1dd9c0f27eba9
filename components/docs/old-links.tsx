"use client";
// Links made to the reference when it was one page (/docs#tag/inventory/GET/inventory/{country})
// still arrive: they go to the tag's own page and the operation's anchor there.
import { useEffect } from "react";

/** The page and anchor an old /docs#tag/… link means, or null for any other hash. */
export function oldLinkTarget(hash: string): string | null {
  const match = /^#tag\/([^/]+)(?:\/(.*))?$/.exec(decodeURIComponent(hash));
  if (!match) return null;
  return `/docs/${match[1]}${match[2] ? `#${match[2]}` : ""}`;
}

export function OldLinks() {
  useEffect(() => {
    const target = oldLinkTarget(window.location.hash);
    if (target) window.location.replace(target);
  }, []);
  return null;
}
