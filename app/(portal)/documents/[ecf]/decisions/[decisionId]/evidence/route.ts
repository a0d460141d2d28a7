import { AppError } from "@/lib/errors";
import { getPortalPreferences } from "@/lib/portal/preferences";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { findDecisionEvidence } from "@/lib/server/issuing";
import { route } from "@/lib/server/platform/http";
import { fileDownloadResponse } from "@/lib/server/platform/http/file-download";

type Context = { params: Promise<{ ecf: string; decisionId: string }> };

/** The evidence file of a person's decision on an issued e-CF, as stored, as an attachment; any role may read it. */
export const GET = route(async (_request: Request, { params }: Context) => {
  const auth = await requirePortalAuth("GET /(portal)/documents/[ecf]/decisions/[decisionId]/evidence");
  const { environment } = await getPortalPreferences();
  const { ecf, decisionId } = await params;
  const found = await findDecisionEvidence(auth.accountId, environment, ecf, decisionId);
  if (!found) throw new AppError("NOT_FOUND", `No existe esa evidencia del documento ${ecf}.`);
  return fileDownloadResponse(found);
});
