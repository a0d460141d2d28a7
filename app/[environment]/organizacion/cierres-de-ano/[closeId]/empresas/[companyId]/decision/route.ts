import { requireBearer } from "@/lib/server/auth";
import { json, readJsonBody, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { decideCompany } from "@/lib/server/year-end-close";

type Context = { params: Promise<{ environment: string; closeId: string; companyId: string }> };

/**
 * Extension: the company's one decision, { decision: "approve" | "reject" }: by one of its approvers
 * (never the campaign's creator) where its approval policy asks for one.
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(
    request,
    "POST /[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/decision",
  );
  const body = await readJsonBody(request);
  const { closeId, companyId } = await params;
  return json(await decideCompany(auth, environment, closeId, companyId, body));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
