import { json, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { buildOpenApiDocument } from "@/lib/server/openapi/build-openapi";

/** The OpenAPI 3.1 document (public; rendered at /docs). */
export const GET = route(
  async () => json(buildOpenApiDocument(), 200, { "cache-control": "public, max-age=300" }),
  {
    operational: true,
  },
);

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
