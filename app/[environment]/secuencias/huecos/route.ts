import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { findGaps, withGapDeadlines } from "@/lib/server/ledger";

type Context = { params: Promise<{ environment: string }> };

/**
 * Extension: the gaps the ledger proposes to void (skipped numbers, expired tails, a closing tail
 * with `cierreDesde`), under the coverage mark and the quiet period; `limit` / `nextToken` pages. Each
 * with its age and, where the company set one (…/emisor/plazos), its deadline to be voided.
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/secuencias/huecos");
  const query = new URL(request.url).searchParams;
  const now = Date.now();
  const page = await findGaps({
    accountId: auth.accountId,
    environment,
    limit: query.get("limit"),
    nextToken: query.get("nextToken"),
    cierreDesde: query.get("cierreDesde"),
    now,
  });
  return json(await withGapDeadlines(auth.accountId, environment, page, now));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
