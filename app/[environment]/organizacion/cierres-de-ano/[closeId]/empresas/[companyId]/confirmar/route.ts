import { requireBearer } from "@/lib/server/auth";
import { json, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { readOptionalJsonBody } from "@/lib/server/platform/http/read-json-body";
import { confirmStoppedIssuing } from "@/lib/server/year-end-close";

type Context = { params: Promise<{ environment: string; closeId: string; companyId: string }> };

/**
 * Extension: a person confirms the company stopped issuing from its still-valid authorizations, so
 * their tails may be sent (the organization's administrators, or the company's operators and approvers).
 */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(
    request,
    "POST /[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/confirmar",
  );
  await readOptionalJsonBody(request, { maxBytes: 16 * 1024 });
  const { closeId, companyId } = await params;
  return json(await confirmStoppedIssuing(auth, environment, closeId, companyId));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow. */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
