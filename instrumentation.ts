/** Next.js start hook: runs once per server process (see lib/server/runtime/start-runtime.ts). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startRuntime } = await import("./lib/server/runtime/start-runtime");
    await startRuntime();
  }
}
