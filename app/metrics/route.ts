import { isAppError } from "@/lib/errors";
import { json, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { requireMetricsAccess } from "@/lib/server/platform/metrics/metrics-access";
import { renderMetrics } from "@/lib/server/platform/metrics/registry";

/** Prometheus metrics of this instance (text format), behind METRICS_TOKEN (metrics-access.ts). */
export const GET = route(
  async (request: Request) => {
    try {
      requireMetricsAccess(request);
    } catch (error) {
      if (!isAppError(error) || error.code !== "UNAUTHORIZED") throw error;
      // RFC 9110: a 401 names the scheme it expects.
      const refused = json(error.toBody(), error.status);
      refused.headers.set("www-authenticate", 'Bearer realm="metrics"');
      return refused;
    }
    const { body, contentType } = await renderMetrics();
    return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  },
  { operational: true },
);

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
