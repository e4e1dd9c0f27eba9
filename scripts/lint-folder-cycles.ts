// Folders must not import each other, directly or round a loop (`npm run lint`). dependency-cruiser
// sees cycles between files only; this collapses its module graph to rooms (lib/<domain>,
// components/<feature>, app/<route folder>, prisma/seed, lib/<file>.ts) and fails on any cycle
// between rooms, printing it with one import that makes each arrow.
//
//   tsx scripts/lint-folder-cycles.ts          fail on a cycle
//   tsx scripts/lint-folder-cycles.ts --plan   also print the floors (docs/ARCHITECTURE.md "Layers")
//
// Tests may reach up (an API test of a domain module), so *.test.ts(x) and tests/ are left out,
// as in the layer rules of .dependency-cruiser.cjs.
import { execFileSync } from "node:child_process";
import path from "node:path";

interface CruisedModule {
  source: string;
  dependencies: { resolved: string; coreModule: boolean; couldNotResolve: boolean }[];
}

const ROOTS = ["app", "lib", "components", "proxy.ts"];
const OWN = /^(app|lib|components|prisma|scripts)\/|^proxy\.ts$/;
const LEFT_OUT = /\.test\.tsx?$|^tests\//;

/** The folder a module lives in: lib/auth, components/numbers, app/api/v2/orders, app/(portal)/cart. */
export function roomOf(file: string): string {
  const parts = file.split("/");
  const folders = parts.slice(0, -1);
  if (folders.length === 0) return file.replace(/\.[^.]+$/, "");
  if (folders[0] === "app") {
    // app/api/v2/<resource>, app/(portal)/<page>, app/<page>: route groups and API prefixes are
    // no rooms of their own.
    let depth = 1;
    while (depth < folders.length && /^(api|v\d+|\(.+\))$/.test(folders[depth])) depth++;
    return folders.slice(0, Math.min(depth + 1, folders.length)).join("/");
  }
  if (folders.length === 1) return `${folders[0]}/${path.basename(file).replace(/\.[^.]+$/, "")}`;
  return folders.slice(0, 2).join("/");
}

/** Room → rooms it imports, each with one file-level import that makes the arrow. */
export function roomGraph(modules: CruisedModule[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const mod of modules) {
    if (!OWN.test(mod.source) || LEFT_OUT.test(mod.source)) continue;
    const from = roomOf(mod.source);
    const arrows = graph.get(from) ?? new Map<string, string>();
    graph.set(from, arrows);
    for (const dep of mod.dependencies) {
      if (dep.coreModule || dep.couldNotResolve || !OWN.test(dep.resolved) || LEFT_OUT.test(dep.resolved))
        continue;
      const to = roomOf(dep.resolved);
      if (to !== from && !arrows.has(to)) arrows.set(to, `${mod.source} → ${dep.resolved}`);
    }
  }
  for (const arrows of [...graph.values()])
    for (const to of arrows.keys()) if (!graph.has(to)) graph.set(to, new Map());
  return graph;
}

/** Strongly connected components (Tarjan); each component of two or more rooms is a folder cycle. */
export function components(graph: Map<string, Map<string, string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (room: string) => {
    index.set(room, counter);
    low.set(room, counter);
    counter++;
    stack.push(room);
    onStack.add(room);
    for (const next of graph.get(room)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(room, Math.min(low.get(room)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(room, Math.min(low.get(room)!, index.get(next)!));
    }
    if (low.get(room) === index.get(room)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== room);
      found.push(component.sort());
    }
  };
  for (const room of [...graph.keys()].sort()) if (!index.has(room)) visit(room);
  return found;
}

/** The shortest way from `start` back to itself inside one component. */
function shortestLoop(
  graph: Map<string, Map<string, string>>,
  members: Set<string>,
  start: string,
): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const room = queue.shift()!;
    for (const next of [...(graph.get(room)?.keys() ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const loop = [room];
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0])!);
        return [...loop, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, room);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** Floor of each room: 0 imports no other room, else one above the highest floor it imports. */
function floors(graph: Map<string, Map<string, string>>, groups: string[][]): Map<string, number> {
  const groupOf = new Map<string, number>();
  groups.forEach((group, i) => group.forEach((room) => groupOf.set(room, i)));
  const floorOfGroup = new Map<number, number>();
  // Tarjan lists a component after every component it reaches, so one pass in order suffices.
  groups.forEach((group, i) => {
    let floor = 0;
    for (const room of group)
      for (const to of graph.get(room)!.keys())
        if (groupOf.get(to) !== i) floor = Math.max(floor, floorOfGroup.get(groupOf.get(to)!)! + 1);
    floorOfGroup.set(i, floor);
  });
  return new Map([...groupOf].map(([room, group]) => [room, floorOfGroup.get(group)!]));
}

function main() {
  const json = execFileSync(
    "node_modules/.bin/depcruise",
    [...ROOTS, "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
    { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  const graph = roomGraph((JSON.parse(json) as { modules: CruisedModule[] }).modules);
  const groups = components(graph);
  const cycles = groups.filter((group) => group.length > 1);
  const arrows = [...graph.values()].reduce((sum, to) => sum + to.size, 0);
  const mutual = [...graph]
    .flatMap(([from, to]) =>
      [...to.keys()]
        .filter((room) => from < room && graph.get(room)!.has(from))
        .map((room) => `${from} ↔ ${room}`),
    )
    .sort();
  const inLoops = cycles.reduce(
    (sum, group) =>
      sum +
      group.reduce(
        (n, room) => n + [...graph.get(room)!.keys()].filter((to) => group.includes(to)).length,
        0,
      ),
    0,
  );
  const floorOf = floors(graph, groups);
  const floorCount = Math.max(...floorOf.values()) + 1;

  if (process.argv.includes("--plan")) {
    for (let floor = floorCount - 1; floor >= 0; floor--) {
      const rooms = [...floorOf]
        .filter(([, f]) => f === floor)
        .map(([room]) => room)
        .sort();
      console.log(`floor ${floor}: ${rooms.join(", ")}`);
    }
    console.log(
      `rooms ${graph.size}, arrows ${arrows}, floors ${floorCount}, arrows in loops (up) ${inLoops}, mutual pairs ${mutual.length}`,
    );
    for (const pair of mutual) console.log(`  mutual: ${pair}`);
  }
  if (cycles.length === 0) {
    console.log(`✔ no folder imports its importer (${graph.size} folders, ${arrows} arrows)`);
    return;
  }
  for (const group of cycles) {
    const members = new Set(group);
    console.error(`✘ folder cycle among ${group.join(", ")}`);
    const printed = new Set<string>();
    for (const start of group) {
      const loop = shortestLoop(graph, members, start);
      const key = [...loop.slice(1)].sort().join(" ");
      if (printed.has(key)) continue;
      printed.add(key);
      console.error(`    ${loop.join(" → ")}`);
      for (let i = 0; i + 1 < loop.length; i++)
        console.error(`      ${graph.get(loop[i])!.get(loop[i + 1])}`);
    }
  }
  console.error(`\n${cycles.length} folder cycle(s): a folder must not import a folder that imports it.`);
  process.exitCode = 1;
}

main();
