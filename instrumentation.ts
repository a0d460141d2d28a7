/** Next.js start hook: runs once per server process (see lib/server/runtime/start-runtime.ts). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First: every request from now on carries its socket's address (client-address.ts).
    const { installSocketPeerHeaders } = await import("./lib/server/platform/http/socket-peer");
    installSocketPeerHeaders();
    const { startRuntime } = await import("./lib/server/runtime/start-runtime");
    await startRuntime();
  }
}
