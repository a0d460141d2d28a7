import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { findGaps } from "@/lib/server/ledger";

type Context = { params: Promise<{ environment: string }> };

/**
 * Extension: the gaps the ledger proposes to void (skipped numbers, expired tails, a closing tail
 * with `cierreDesde`), under the coverage mark and the quiet period; `limit` / `nextToken` pages.
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/secuencias/huecos");
  const query = new URL(request.url).searchParams;
  return json(
    await findGaps({
      accountId: auth.accountId,
      environment,
      limit: query.get("limit"),
      nextToken: query.get("nextToken"),
      cierreDesde: query.get("cierreDesde"),
    }),
  );
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
