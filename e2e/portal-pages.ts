/**
 * Every page of the portal a signed-in person can open, once each, for the specs that visit them all
 * (portal-axe.spec.ts, portal-phone.spec.ts). `route` is the page's folder under app/(portal) (or
 * app/(account)); lib/portal/portal-page-list.test.ts fails when a page.tsx has no entry here. A
 * `{name}` in `url` is filled by the spec: voidId (a void of the spec's own), requestId and
 * webhookId (a request / webhook of the spec's own, or an unknown one: the page's own "not found").
 * Plain data: no Playwright here, so the unit test can read it.
 */
export interface PortalPage {
  name: string;
  route: string;
  url: string;
}

export const PORTAL_PAGES: readonly PortalPage[] = [
  { name: "home", route: "inicio", url: "/inicio" },
  { name: "void-tool", route: "tools/void-encf", url: "/tools/void-encf" },
  {
    name: "void-result",
    route: "tools/void-encf/result/[voidId]",
    url: "/tools/void-encf/result/{voidId}?env=TesteCF",
  },
  { name: "history", route: "voids", url: "/voids?env=TesteCF" },
  { name: "void-detail", route: "voids/[voidId]", url: "/voids/{voidId}?env=TesteCF" },
  { name: "pending", route: "voids/pending", url: "/voids/pending" },
  { name: "void-requests", route: "voids/requests", url: "/voids/requests" },
  {
    name: "void-request",
    route: "voids/requests/[requestId]",
    url: "/voids/requests/{requestId}?env=TesteCF",
  },
  { name: "documents", route: "documents", url: "/documents" },
  { name: "document", route: "documents/[ecf]", url: "/documents/E310000000001" },
  { name: "sequences", route: "sequences", url: "/sequences" },
  { name: "remedy", route: "sequences/remedy", url: "/sequences/remedy" },
  { name: "audit", route: "audit", url: "/audit" },
  { name: "help", route: "ayuda", url: "/ayuda" },
  { name: "help-topic", route: "ayuda/[...topic]", url: "/ayuda/anular" },
  { name: "notifications", route: "notifications", url: "/notifications" },
  { name: "organization", route: "organization", url: "/organization" },
  { name: "companies", route: "organization/companies", url: "/organization/companies" },
  { name: "year-end-close", route: "organization/cierre-de-ano", url: "/organization/cierre-de-ano" },
  { name: "settings", route: "settings", url: "/settings" },
  { name: "activity", route: "settings/activity", url: "/settings/activity" },
  { name: "api-keys", route: "settings/api-keys", url: "/settings/api-keys" },
  { name: "approvals", route: "settings/approvals", url: "/settings/approvals" },
  { name: "contingency", route: "settings/contingency", url: "/settings/contingency" },
  { name: "integration", route: "settings/integration", url: "/settings/integration" },
  { name: "service-accounts", route: "settings/service-accounts", url: "/settings/service-accounts" },
  { name: "users", route: "settings/users", url: "/settings/users" },
  { name: "webhooks", route: "settings/webhooks", url: "/settings/webhooks" },
  { name: "webhook", route: "settings/webhooks/[id]", url: "/settings/webhooks/{webhookId}" },
  { name: "account", route: "account", url: "/account" },
  { name: "docs", route: "docs", url: "/docs" },
  { name: "docs-section", route: "docs/[section]", url: "/docs/eventos-webhook" },
];

/** The page's address with its `{name}`s filled (an unfilled one is a mistake of the spec). */
export function urlOf(page: PortalPage, ids: Record<string, string>): string {
  return page.url.replace(/\{(\w+)\}/g, (_, key: string) => {
    const id = ids[key];
    if (id === undefined) throw new Error(`${page.name}: no ${key} given`);
    return encodeURIComponent(id);
  });
}
