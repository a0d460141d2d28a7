import { requireBearer } from "@/lib/server/auth";
import { AppError } from "@/lib/errors";
import { requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";
import { findSignedXml } from "@/lib/server/voids/void-repository";

type Context = { params: Promise<{ environment: string; voidId: string }> };

/** Extension: the signed ANECF of one attempt, exactly as sent, as a download. */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/customer/void-ncf/[voidId]/xml");
  const { voidId } = await params;
  const found = await findSignedXml(auth.accountId, environment, voidId);
  if (!found) throw new AppError("VOID_NOT_FOUND", `No existe la anulación ${voidId} en ${environment}.`);
  return new Response(found.signedXml, {
    status: 200,
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "content-disposition": `attachment; filename="${found.fileName}"`,
    },
  });
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
