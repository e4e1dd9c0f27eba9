// Next calls register() once when a server starts. The Node.js server (never the edge
// runtime) runs the webhook delivery worker in-process; WEBHOOKS_WORKER=off turns it off.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startInProcessWorker } = await import("@/lib/webhooks/in-process");
  startInProcessWorker();
}
