// Values kept once per process. Next bundles each route with its own module instances (and dev
// reloads modules), so a module-level variable would exist once per bundle: these live on
// globalThis, under one key, so every bundle of the process shares them.
const holder = globalThis as typeof globalThis & { __numbersProcess?: Map<string, unknown> };

/** A named value shared by every bundle of this process; undefined until set. */
export function processSlot<T>(name: string): { get(): T | undefined; set(value: T | undefined): void } {
  const slots = (holder.__numbersProcess ??= new Map());
  return {
    get: () => slots.get(name) as T | undefined,
    set: (value) => void (value === undefined ? slots.delete(name) : slots.set(name, value)),
  };
}

/**
 * A value made once per process on first use. A failed attempt (Redis not answering, say)
 * is forgotten, so the next call tries again; `set` puts a given value in place (tests).
 */
export function processSingleton<T>(
  name: string,
  create: () => Promise<T>,
): { get(): Promise<T>; set(value: T): void } {
  const slot = processSlot<Promise<T>>(name);
  return {
    get() {
      const existing = slot.get();
      if (existing) return existing;
      const made: Promise<T> = create().catch((error: unknown) => {
        if (slot.get() === made) slot.set(undefined);
        throw error;
      });
      slot.set(made);
      return made;
    },
    set: (value) => slot.set(Promise.resolve(value)),
  };
}
