import { deadlineSettingsSchema } from "@/lib/schemas/deadline-settings";
import { requireBearer } from "@/lib/server/auth";
import { getDeadlineSettingsView, saveDeadlineSettings } from "@/lib/server/contingency";
import { requestBy } from "@/lib/server/platform/activity/request-ip";
import { json, readJsonBody, requireEnvironment, route, validateBody } from "@/lib/server/platform/http";
import { methodsNotAllowed } from "@/lib/server/platform/http/api-fallbacks";

type Context = { params: Promise<{ environment: string }> };

/** A handful of numbers: far below this. */
const SETTINGS_BODY_LIMIT_BYTES = 4 * 1024;

/**
 * Extension: the company's deadline settings, as Configuración → Contingencia shows them in the
 * path's environment: the deferred-sending window and the approaching share (the company's), the gap
 * window and the inventory forecast's lead time and unused share (the environment's).
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "GET /[environment]/emisor/plazos");
  return json(await getDeadlineSettingsView(auth.accountId, environment));
});

/**
 * Changes them (administrators), with the portal form's schema and bounds: 400 VALIDATION_FAILED
 * naming the field. Logged (contingency.settings_changed, old and new values).
 */
export const PUT = route(async (request: Request, { params }: Context) => {
  const environment = await requireEnvironment(params);
  const auth = await requireBearer(request, "PUT /[environment]/emisor/plazos");
  const body = await readJsonBody(request, { maxBytes: SETTINGS_BODY_LIMIT_BYTES });
  const change = validateBody(deadlineSettingsSchema, body);
  await saveDeadlineSettings(auth.accountId, { ...change, environment }, requestBy(auth, request));
  return json(await getDeadlineSettingsView(auth.accountId, environment));
});

/** Any other method: JSON 405 METHOD_NOT_ALLOWED with Allow (Next's own 405 has no body). */
export const { POST, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", "PUT");
