// A deadline for one request that always fires. Two runs of the cluster suite hung under
// heavy load (after the instances started, and in the rate-limit section) although every
// instance answered at once when asked by hand: the driver was waiting on a fetch whose
// AbortSignal.timeout never aborted it. An ordinary timer raced against the work makes the
// deadline certain, and aborts the request too.
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`no answer within ${ms / 1000} s`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
