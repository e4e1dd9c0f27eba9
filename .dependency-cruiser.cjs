// The layering of docs/ARCHITECTURE.md, checked by `npm run lint` (depcruise). Every import
// points down: entry points (app) → lib/api (HTTP) → domains → vocabulary → lib/db.
// Tests may reach up (an API test of a domain module), so the layer rules skip *.test.ts.
const DOMAINS =
  "lib/(auth|inventory|orders|numbers|products|tokens|cart|reservations|events|webhooks|accounts|email|compliance|coverage|queue|audit|audit-events|jobs|members|organizations|billing)/";
const VOCABULARY = "lib/(reference|schemas|http|counters)/|lib/errors\\.ts$";
// lib/worker/queue.ts (the claim under lease and the outcome record) sits with the database, so
// every domain's queue handler may use it; the rest of lib/worker (the loop and its registry of
// handlers) sits on top, beside lib/api, and imports the domains.
const BOTTOM =
  "lib/db/|lib/generated/|lib/observability/|lib/env\\.ts$|lib/process-singleton\\.ts$|lib/server-timing\\.ts$|lib/worker/queue\\.ts$";
const TESTS = "\\.test\\.tsx?$";
// What the browser runs: every component and the query hooks (components/hooks). No module under
// app/ says "use client", so the pages stay on the server's side of the line.
const BROWSER = "components/";
// Where `import "server-only"` resolves (tsconfig.json paths): the marker of a server module.
const SERVER_ONLY = "node_modules/next/dist/compiled/server-only/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules must not import each other, directly or round a loop.",
      from: {},
      to: { circular: true },
    },
    {
      name: "inventory-below-reservations",
      severity: "error",
      comment:
        "Folders must not import each other either: lib/reservations builds on lib/inventory (what is for sale), never the reverse.",
      from: { path: "^lib/inventory/" },
      to: { path: "^lib/reservations/" },
    },
    {
      name: "lib-not-to-ui",
      severity: "error",
      comment: "lib/ never imports components/ or app/.",
      from: { path: "^lib/" },
      to: { path: "^(components|app)/" },
    },
    {
      name: "only-entry-points-use-http-layer",
      severity: "error",
      comment:
        "Domains, vocabulary and the database layer never import lib/api (the HTTP wrapper sits on top).",
      from: { path: `^(${DOMAINS}|${VOCABULARY}|${BOTTOM})`, pathNot: TESTS },
      to: { path: "^lib/api/" },
    },
    {
      name: "only-entry-points-use-the-worker",
      severity: "error",
      comment:
        "The worker's loop and registry (lib/worker/) import every domain; only entry points (instrumentation.ts, scripts/worker.ts) import them. Domains use lib/worker/queue.ts alone.",
      from: { path: `^(${DOMAINS}|${VOCABULARY}|${BOTTOM}|lib/api/)`, pathNot: TESTS },
      to: { path: "^lib/worker/(?!queue\\.ts$)" },
    },
    {
      name: "vocabulary-below-domains",
      severity: "error",
      comment: "Reference data, schemas, errors and the database layer never import a domain.",
      from: { path: `^(${VOCABULARY}|${BOTTOM})`, pathNot: TESTS },
      to: { path: `^${DOMAINS}` },
    },
    {
      name: "reference-below-schemas",
      severity: "error",
      comment:
        "lib/schemas builds on lib/reference's patterns (E.164, keypad, number types); reference data never imports a schema.",
      from: { path: "^lib/reference/", pathNot: TESTS },
      to: { path: "^lib/schemas/" },
    },
    {
      name: "db-at-the-bottom",
      severity: "error",
      comment: "lib/db imports nothing of the app above it.",
      from: { path: "^lib/db/", pathNot: TESTS },
      to: { path: "^lib/", pathNot: `^(${BOTTOM})` },
    },
    {
      name: "orders-coordinate-inventory",
      severity: "error",
      comment:
        "Selling is coordinated by lib/orders, which may call inventory and products; never the reverse.",
      from: { path: "^lib/(inventory|products|auth|numbers|cart)/", pathNot: TESTS },
      to: { path: "^lib/orders/" },
    },
    {
      name: "auth-below-other-domains",
      severity: "error",
      comment: "Authentication is used by the domains (tokens), never uses them.",
      from: { path: "^lib/auth/", pathNot: TESTS },
      to: { path: "^lib/(inventory|orders|numbers|products|tokens|cart)/" },
    },
    {
      name: "routes-never-touch-prisma",
      severity: "error",
      comment: "A route file calls the wrapper and a domain function; Prisma stays in lib/.",
      from: { path: "^app/api/.+/route\\.ts$" },
      to: { path: "^(lib/db/|lib/generated/)|node_modules/(@prisma|prisma)/" },
    },
    {
      name: "browser-never-touches-db",
      severity: "error",
      comment: "Components and query hooks run in the browser: never the database or the server's domains.",
      from: { path: `^${BROWSER}`, pathNot: TESTS },
      to: {
        path: "^(lib/db/|lib/generated/|lib/api/(?!client/)|lib/(auth|inventory|orders|products|tokens)/)|node_modules/(@prisma|prisma|pg)/",
      },
    },
    {
      name: "browser-never-reaches-server-only",
      severity: "error",
      comment:
        'The browser/server line: a module that reaches the database starts with `import "server-only"`, and nothing the browser runs (components/, its hooks) may import it, directly or through another module.',
      from: { path: `^${BROWSER}`, pathNot: TESTS },
      to: { path: SERVER_ONLY, reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // node_modules stays out of the graph, but for the server-only marker, which the browser rule
    // needs to see.
    exclude: { path: "^(node_modules/(?!next/dist/compiled/server-only/)|\\.next/|lib/generated/)" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
