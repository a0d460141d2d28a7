import { json, route } from "@/lib/server/http";
import { buildOpenApiDocument } from "@/lib/server/openapi/build-openapi";

/** The OpenAPI 3.1 document (public; rendered at /docs). */
export const GET = route(
  async () => json(buildOpenApiDocument(), 200, { "cache-control": "public, max-age=300" }),
  {
    operational: true,
  },
);
