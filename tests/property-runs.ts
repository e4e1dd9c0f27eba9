// How many cases a fast-check property tries. `npm run test:mutation` reruns the properties
// for every mutant of the evaluator and the week timeline; there a tenth of the runs (at least
// 50) keeps the run to minutes, and the break threshold is met at that lower count, so the
// full count in `npm test` only adds to it.
export function propertyRuns(runs: number): number {
  return process.env.MUTATION_TESTING === "1" ? Math.max(50, Math.ceil(runs / 10)) : runs;
}
