import { json, route } from "@/lib/server/http";

/** Liveness: the process answers. Nothing else is checked (see /readyz), so a slow database never gets it killed. */
export const GET = route(async () => json({ status: "ok", uptimeSeconds: Math.floor(process.uptime()) }), {
  operational: true,
});
