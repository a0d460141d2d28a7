import { requireBearer } from "@/lib/server/auth";
import { json, readBodyBytes, requireEnvironment, route, streamedJson } from "@/lib/server/http";
import { enforceRateLimit } from "@/lib/server/rate-limit";
import { createVoid } from "@/lib/server/voids/create-void";
import { listVoids, parseVoidListQuery } from "@/lib/server/voids/list-voids";

type Context = { params: Promise<{ environment: string }> };

/** The largest legal request (10 types × 10,000 ranges) is ~7 MB of JSON; leave room for whitespace. */
export const VOID_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** Spec endpoint 1: void ranges of e-NCF (Bearer idToken, no API key). */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/customer/void-ncf");
  enforceRateLimit(`void:${auth.accountId}`);
  // Parsed by createVoid, on a worker thread when large.
  const body = { json: await readBodyBytes(request, { maxBytes: VOID_BODY_LIMIT_BYTES }) };
  const result = await createVoid({
    accountId: auth.accountId,
    rnc: auth.rnc,
    environment,
    body,
    createdBy: `${auth.email} (API)`,
    idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
  });
  return json(result.body, result.status);
});

/** Spec endpoint 2: list void attempts, or one by voidId (Bearer idToken). */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/customer/void-ncf");
  const query = parseVoidListQuery(new URL(request.url).searchParams);
  const result = await listVoids(auth.accountId, environment, query, { rangesAsJson: true });
  // Streamed: one item may carry 100,000 ranges (~10 MB); a page is bounded (listVoids).
  return streamedJson(result.single ?? result.list);
});
