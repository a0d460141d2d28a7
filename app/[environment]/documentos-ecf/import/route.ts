import { requireApiKey, requireBearer } from "@/lib/server/auth";
import { importDocuments } from "@/lib/server/documents";
import { json, readJsonBody, requireEnvironment, route } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string }> };

/** 1,000 documents with their customer responses can be large; more is refused with 413. */
const IMPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** Extension: an issuing system pushes up to 1,000 issued e-CF (upsert by e-NCF; Bearer and X-API-KEY). */
export const POST = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  // Importing writes the account's records: viewers may only read.
  const auth = await requireBearer(request, "POST /[environment]/documentos-ecf/import");
  await requireApiKey(request, auth, environment);
  const body = await readJsonBody(request, { maxBytes: IMPORT_BODY_LIMIT_BYTES });
  return json(
    await importDocuments({
      accountId: auth.accountId,
      rnc: auth.rnc,
      environment,
      body,
      createdBy: auth.actor,
    }),
  );
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
