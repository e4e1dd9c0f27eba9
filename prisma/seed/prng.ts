/**
 * mulberry32: a tiny 32-bit PRNG, plenty for spreading test data and, unlike Math.random,
 * seedable, so the same seed always yields the same inventory.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, bound). */
export function randomInt(random: () => number, bound: number): number {
  return Math.floor(random() * bound);
}
