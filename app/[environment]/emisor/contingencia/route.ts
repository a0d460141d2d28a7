import type { Environment } from "@/lib/domain/environments";
import type { ContingencyState } from "@/lib/schemas/contingency";
import { requireBearer } from "@/lib/server/auth";
import { declareContingency, endContingency, listContingencies } from "@/lib/server/contingency";
import { requestBy } from "@/lib/server/platform/activity/request-ip";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string }> };

/**
 * Extension: the company's connectivity contingency in the environment (Informe Técnico e-CF §19).
 * e-CF signed while it is declared print DGII's legend and must reach DGII within 72 hours.
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/emisor/contingencia");
  return json(await stateOf(auth.accountId, environment));
});

/** Declares one from now: 409 CONTINGENCY_ALREADY_DECLARED while one is declared. Logged. */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "POST /[environment]/emisor/contingencia");
  await declareContingency(auth.accountId, environment, requestBy(auth, request));
  return json(await stateOf(auth.accountId, environment));
});

/** Ends the declared one now: 409 CONTINGENCY_NOT_DECLARED when none is. Logged. */
export const DELETE = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "DELETE /[environment]/emisor/contingencia");
  await endContingency(auth.accountId, environment, requestBy(auth, request));
  return json(await stateOf(auth.accountId, environment));
});

async function stateOf(accountId: string, environment: Environment): Promise<ContingencyState> {
  const periods = (await listContingencies(accountId, environment)).map(
    ({ id, declaredAt, declaredBy, endedAt, endedBy }) => ({ id, declaredAt, declaredBy, endedAt, endedBy }),
  );
  const current = periods.find((period) => period.endedAt === null) ?? null;
  return { declared: current !== null, current, periods };
}

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { PUT, PATCH, OPTIONS } = methodsNotAllowed("GET", "POST", "DELETE");
