import { json, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { checkReadiness } from "@/lib/server/platform/ops/readiness";

/** Readiness for load balancers: 200 when this instance can serve, else 503 with the failed checks. */
export const GET = route(
  async () => {
    const { ready, body } = await checkReadiness();
    return json(body, ready ? 200 : 503);
  },
  { operational: true },
);

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
