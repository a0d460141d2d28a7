import { ENVIRONMENTS, isEnvironment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { route } from "@/lib/server/platform/http";
import { findSignedXml } from "@/lib/server/voids/void-repository";

type Context = { params: Promise<{ voidId: string }> };

/** The signed ANECF of one attempt, for the signed-in portal user (session cookie, any role). */
export const GET = route(async (request: Request, { params }: Context) => {
  const auth = await requirePortalAuth("GET /(portal)/voids/[voidId]/xml");
  const { voidId } = await params;
  const env = new URL(request.url).searchParams.get("env") ?? "";
  for (const environment of isEnvironment(env) ? [env] : ENVIRONMENTS) {
    const found = await findSignedXml(auth.accountId, environment, voidId);
    if (found) {
      return new Response(found.signedXml, {
        headers: {
          "content-type": "application/xml; charset=utf-8",
          "content-disposition": `attachment; filename="${found.fileName}"`,
          "cache-control": "private, no-store",
        },
      });
    }
  }
  throw new AppError("VOID_NOT_FOUND", `No existe la anulación ${voidId} en su cuenta.`);
});
