import { json, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

/** Liveness: the process answers. Nothing else is checked (see /readyz), so a slow database never gets it killed. */
export const GET = route(async () => json({ status: "ok", uptimeSeconds: Math.floor(process.uptime()) }), {
  operational: true,
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
