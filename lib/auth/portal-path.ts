// The request header proxy.ts sets on portal pages to the page's path (a client's own value is
// replaced), so the layout knows which page it wraps.
export const PORTAL_PATH_HEADER = "x-portal-path";

/** Where a person who must set up two-factor sign-in is sent (docs/CONTRACT.md §15). */
export const TWO_FACTOR_SETUP_PAGE = "/settings/security";
