import { AppError } from "@/lib/errors";
import { requirePortalAuth } from "@/lib/server/auth/require-portal-auth";
import { route } from "@/lib/server/platform/http";
import { fileDownloadResponse } from "@/lib/server/platform/http/file-download";
import { findEvidence } from "@/lib/server/voids/settlement-repository";

type Context = { params: Promise<{ voidId: string; evidenceId: string }> };

/** A settlement's evidence file, as stored (its content type), as an attachment; any role may read it. */
export const GET = route(async (_request: Request, { params }: Context) => {
  const auth = await requirePortalAuth("GET /(portal)/voids/[voidId]/evidence/[evidenceId]");
  const { voidId, evidenceId } = await params;
  const found = await findEvidence(auth.accountId, voidId, evidenceId);
  if (!found) throw new AppError("NOT_FOUND", `No existe esa evidencia de la anulación ${voidId}.`);
  return fileDownloadResponse(found);
});
