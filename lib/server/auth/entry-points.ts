import "server-only";

import type { Action } from "@/lib/domain/roles";

/**
 * Every way into the application and the action it takes (lib/domain/roles.ts says which roles, or
 * service-account scopes, may take each action): REST routes and portal route
 * handlers by `METHOD /path` (the path of their folder under app/), server actions by
 * `action <function name>`. Handlers name their entry when they authenticate
 * (requireBearer / requirePortalAuth), so the action lives here and nowhere else, and
 * entry-points.test.ts fails when a route or action exists without a line here, or when its
 * handler does not name it. "public" entries authenticate by other means or not at all. A route's
 * answers to the methods it does not serve (methodsNotAllowed: JSON 405, exported by destructuring)
 * are not entries: they let nobody in.
 */
export const ENTRY_POINTS = {
  // Public REST
  "POST /auth/token": "public",
  // MSeller ECF's sign-in and its refresh: they authenticate by the credentials / the refresh token
  "POST /[environment]/customer/authentication": "public",
  "POST /[environment]/customer/authentication/refresh": "public",
  "GET /healthz": "public",
  "GET /readyz": "public",
  // Prometheus scrapes: its own bearer token (METRICS_TOKEN), no user or company
  "GET /metrics": "public",
  "GET /openapi.json": "public",
  "GET /api/auth/[...nextauth]": "public",
  "POST /api/auth/[...nextauth]": "public",
  // Any other path under /{environment}/ or /auth/: JSON 404 (api-fallbacks.ts), whatever the method
  // A path of one segment (`/TesteCF`, `/TesteCF%2Fcustomer…`): JSON 404 as well
  "GET /[environment]": "public",
  "POST /[environment]": "public",
  "PUT /[environment]": "public",
  "PATCH /[environment]": "public",
  "DELETE /[environment]": "public",
  "GET /[environment]/[...rest]": "public",
  "POST /[environment]/[...rest]": "public",
  "PUT /[environment]/[...rest]": "public",
  "PATCH /[environment]/[...rest]": "public",
  "DELETE /[environment]/[...rest]": "public",
  "GET /auth/[...rest]": "public",
  "POST /auth/[...rest]": "public",
  "PUT /auth/[...rest]": "public",
  "PATCH /auth/[...rest]": "public",
  "DELETE /auth/[...rest]": "public",
  // REST (Bearer idToken; the documents endpoints also X-API-KEY)
  "POST /[environment]/customer/void-ncf": "voids.send",
  "POST /[environment]/documentos-ecf": "documents.issue",
  "GET /[environment]/documentos-ecf/[ecf]/xml": "documents.read",
  "GET /[environment]/documentos-ecf/[ecf]/pdf": "documents.read",
  "GET /[environment]/documentos-ecf/por-confirmar": "documents.read",
  "POST /[environment]/documentos-ecf/[ecf]/resolution": "documents.settle",
  "GET /[environment]/emisor/certificacion": "company.read",
  "PUT /[environment]/emisor/certificacion": "issuer.certify",
  "DELETE /[environment]/emisor/certificacion": "issuer.certify",
  "GET /[environment]/emisor/contingencia": "company.read",
  "POST /[environment]/emisor/contingencia": "issuer.contingency",
  "DELETE /[environment]/emisor/contingencia": "issuer.contingency",
  "GET /[environment]/emisor/plazos": "company.read",
  "PUT /[environment]/emisor/plazos": "issuer.contingency",
  "GET /[environment]/customer/void-ncf": "voids.read",
  "GET /[environment]/customer/void-ncf/[voidId]/xml": "voids.read",
  "POST /[environment]/customer/void-ncf/[voidId]/resolution": "voids.settle",
  // Approvals: the requests held by the approval policy, and their decision by approvers
  "GET /[environment]/customer/void-requests": "voids.read",
  "GET /[environment]/customer/void-requests/[requestId]": "voids.read",
  "POST /[environment]/customer/void-requests/[requestId]/approve": "voids.approve",
  "POST /[environment]/customer/void-requests/[requestId]/reject": "voids.approve",
  // Webhooks: the company's endpoints, their delivery log, tests and replays
  "GET /[environment]/customer/webhooks": "webhooks.manage",
  "POST /[environment]/customer/webhooks": "webhooks.manage",
  "GET /[environment]/customer/webhooks/[id]": "webhooks.manage",
  "PATCH /[environment]/customer/webhooks/[id]": "webhooks.manage",
  "DELETE /[environment]/customer/webhooks/[id]": "webhooks.manage",
  "POST /[environment]/customer/webhooks/[id]/test": "webhooks.manage",
  "POST /[environment]/customer/webhooks/[id]/rotate-secret": "webhooks.manage",
  "GET /[environment]/customer/webhooks/[id]/deliveries": "webhooks.manage",
  "GET /[environment]/customer/webhooks/[id]/deliveries/[deliveryId]": "webhooks.manage",
  "POST /[environment]/customer/webhooks/[id]/deliveries/[deliveryId]/replay": "webhooks.manage",
  "GET /[environment]/documentos-ecf": "documents.read",
  "POST /[environment]/documentos-ecf/status/batch": "documents.read",
  "POST /[environment]/documentos-ecf/import": "documents.import",
  "GET /[environment]/secuencias": "documents.read",
  "GET /[environment]/secuencias/huecos": "documents.read",
  "GET /[environment]/secuencias/[encf]/remedio": "documents.read",
  "GET /[environment]/secuencias/autorizaciones": "documents.read",
  "POST /[environment]/secuencias/autorizaciones": "ledger.manage",
  "DELETE /[environment]/secuencias/autorizaciones/[id]": "ledger.manage",
  // The year-end close across the organization's companies: reading and deciding check the person's
  // roles in each company (lib/server/year-end-close); creating and starting it are the organization's
  "GET /[environment]/organizacion/cierres-de-ano": "company.read",
  "POST /[environment]/organizacion/cierres-de-ano": "organization.manage",
  "GET /[environment]/organizacion/cierres-de-ano/[closeId]": "company.read",
  "POST /[environment]/organizacion/cierres-de-ano/[closeId]/iniciar": "organization.manage",
  "POST /[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/confirmar": "company.read",
  "POST /[environment]/organizacion/cierres-de-ano/[closeId]/empresas/[companyId]/decision": "company.read",
  "GET /[environment]/customer/audit-pack": "audit.export",
  // Portal downloads (session cookie)
  "GET /(portal)/voids/export": "voids.read",
  "GET /(portal)/documents/export": "documents.read",
  "GET /(portal)/documents/[ecf]/pdf": "documents.read",
  "GET /(portal)/documents/[ecf]/xml": "documents.read",
  "GET /(portal)/documents/[ecf]/decisions/[decisionId]/evidence": "documents.read",
  "GET /(portal)/documents/list-export": "documents.read",
  "GET /(portal)/voids/[voidId]/xml": "voids.read",
  "GET /(portal)/voids/[voidId]/ranges": "voids.read",
  "GET /(portal)/voids/[voidId]/evidence/[evidenceId]": "voids.read",
  "GET /(portal)/audit/export": "audit.export",
  "GET /(portal)/settings/activity/export": "activity.read",
  "GET /(portal)/organization/activity/export": "organization.manage",
  // Portal server actions (session cookie)
  "action checkVoidWarnings": "voids.send",
  "action submitVoid": "voids.send",
  "action settleVoidAction": "voids.settle",
  "action resendVoidAction": "voids.settle",
  "action askDgiiAboutVoidAction": "voids.settle",
  "action decideIssuedReviewAction": "documents.settle",
  "action lookupDocumentsBatchAction": "documents.read",
  "action recheckDocumentAction": "documents.read",
  "action importErpFileAction": "documents.import",
  "action createAuthorizationAction": "ledger.manage",
  "action importAuthorizationsCsvAction": "ledger.manage",
  "action deleteAuthorizationAction": "ledger.manage",
  "action setCoverageMarkAction": "ledger.manage",
  "action reserveCreditNoteRangeAction": "ledger.manage",
  "action removeCreditNoteRangeAction": "ledger.manage",
  "action prepareCreditNoteAction": "documents.issue",
  "action issueCreditNoteAction": "documents.issue",
  "action checkRangesSentAction": "voids.send",
  "action selectAllGapsAction": "voids.send",
  "action uploadCertificateAction": "certificates.manage",
  "action createApiKeyAction": "apiKeys.manage",
  "action revokeApiKeyAction": "apiKeys.manage",
  "action createServiceAccountAction": "serviceAccounts.manage",
  "action rotateServiceAccountSecretAction": "serviceAccounts.manage",
  "action setServiceAccountDisabledAction": "serviceAccounts.manage",
  "action setServiceAccountSendWithoutApprovalAction": "serviceAccounts.manage",
  // Approvals: the policy, and deciding other people's void requests
  "action setApprovalPolicyAction": "policies.manage",
  "action approveVoidRequestAction": "voids.approve",
  "action rejectVoidRequestAction": "voids.approve",
  // Webhooks: Configuración → Webhooks, in the portal's environment
  "action createWebhookAction": "webhooks.manage",
  "action updateWebhookAction": "webhooks.manage",
  "action setWebhookEnabledAction": "webhooks.manage",
  "action deleteWebhookAction": "webhooks.manage",
  "action rotateWebhookSecretAction": "webhooks.manage",
  "action sendWebhookTestAction": "webhooks.manage",
  "action replayWebhookDeliveryAction": "webhooks.manage",
  "action linkCertificateAction": "certificates.manage",
  "action recordIssuerCertificationAction": "issuer.certify",
  "action declareContingencyAction": "issuer.contingency",
  "action endContingencyAction": "issuer.contingency",
  "action saveDeadlineSettingsAction": "issuer.contingency",
  "action inviteUserAction": "users.manage",
  "action setMemberRolesAction": "users.manage",
  "action setUserDisabledAction": "organization.manage",
  "action setLocaleAction": "public", // the login page has the language switch
  // The first run: nobody can be signed in yet; the setup token (and "no user exists") is the check
  "action completeSetupAction": "public",
  // Any signed-in person, checked inside: only a company they have a role in
  "action setCompanyAction": "public",
  "action setEnvironmentAction": "company.read",
  // Mi cuenta: any signed-in person, on their own credentials only (no user id is passed)
  "action changeOwnPasswordAction": "public",
  "action beginTotpEnrollmentAction": "public",
  "action confirmTotpEnrollmentAction": "public",
  "action disableOwnTotpAction": "public",
  "action endOwnSessionsAction": "public",
  "action regenerateRecoveryCodesAction": "public",
  // "¿Olvidó su contraseña?": signed out; the e-mailed link's token is the proof
  "action requestPasswordResetAction": "public",
  "action resetPasswordAction": "public",
  "action setNotificationEmailAction": "public",
  // The notification centre: the person's own notifications in the session's company
  "action markNotificationReadAction": "company.read",
  "action markAllNotificationsReadAction": "company.read",
  // The organization page (people only through requireHomeOrganizationOf)
  "action createCompanyAction": "organization.manage",
  // The year-end close's page: preparing and starting are the organization's; confirming and deciding
  // check the person's roles in the company concerned (lib/server/year-end-close)
  "action createYearEndCloseAction": "organization.manage",
  "action startYearEndCloseAction": "organization.manage",
  "action confirmYearEndCloseAction": "company.read",
  "action decideYearEndCloseAction": "company.read",
  "action setRequireSecondFactorAction": "organization.manage",
  "action resetMemberPasswordAction": "organization.manage",
  "action resetMemberSecondFactorAction": "organization.manage",
  "action endMemberSessionsAction": "organization.manage",
  "action setOrganizationAdminAction": "organization.manage",
  "action removeOrganizationMemberAction": "organization.manage",
} as const satisfies Record<string, Action | "public">;

export type EntryPoint = keyof typeof ENTRY_POINTS;

/** An entry that needs a signed-in caller. */
export type ProtectedEntryPoint = {
  [Entry in EntryPoint]: (typeof ENTRY_POINTS)[Entry] extends "public" ? never : Entry;
}[EntryPoint];

export function actionRequiredBy(entry: ProtectedEntryPoint): Action {
  return ENTRY_POINTS[entry] as Action;
}
