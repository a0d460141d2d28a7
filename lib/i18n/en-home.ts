import type { esHome } from "./es-home";

/** English strings of the portal's home: the same keys and placeholders as esHome. */
export const enHome: typeof esHome = {
  nav: "Home",
  title: "Home",
  intro: "What needs attention in {company}, environment {environment}.",
  allClear: "Nothing waiting in this environment.",
  pendingTitle: "Waiting",
  certificate: {
    title: "Certificate and DGII's service",
    valid: "Certificate valid until {date}.",
    expiring: {
      one: "The certificate expires in {count} day, on {date}. Load the new one before then.",
      other: "The certificate expires in {count} days, on {date}. Load the new one before then.",
    },
    expired: "The certificate expired on {date}: voids and e-CF signed with it will fail.",
    missing: "The company has no certificate: without it nothing can be voided or issued.",
    load: "Load the certificate",
    open: "See the certificate",
  },
  service: {
    up: "DGII's Anulación Rangos ({environment}): available.",
    down: "DGII's Anulación Rangos ({environment}): not available. Voids are refused without being sent.",
    maintenance:
      "DGII's Anulación Rangos ({environment}): under maintenance from {from} to {to}. Voids are refused without being sent.",
    unknown: "DGII's Anulación Rangos ({environment}): no recent status.",
  },
  counts: {
    label: "What needs attention",
    toSettle: { one: "{count} void to confirm", other: "{count} voids to confirm" },
    toSettleNone: "No voids to confirm",
    requests: {
      one: "{count} void request waits for your approval",
      other: "{count} void requests wait for your approval",
    },
    requestsNone: "No requests wait for your approval",
    gaps: {
      one: "{count} sequence gap proposed for voiding",
      other: "{count} sequence gaps proposed for voiding",
    },
    gapsMore: "More than {limit} sequence gaps proposed for voiding",
    gapsNone: "No sequence gaps proposed",
    expiring: {
      one: "{count} DGII authorization expires soon",
      other: "{count} DGII authorizations expire soon",
    },
    low: {
      one: "{count} DGII authorization is running out",
      other: "{count} DGII authorizations are running out",
    },
    expiredUnused: {
      one: "{count} expired authorization with unused numbers",
      other: "{count} expired authorizations with unused numbers",
    },
    authorizationsNone: "No authorization needs attention",
    pendingSend: {
      one: "{count} e-CF waiting to be sent to DGII",
      other: "{count} e-CF waiting to be sent to DGII",
    },
    inProcess: {
      one: "{count} e-CF in process at DGII, no verdict yet",
      other: "{count} e-CF in process at DGII, no verdict yet",
    },
    nearestDeadline: " · nearest: {left}",
    oldestWaiting: " · oldest: {age}",
    documentsNone: "No e-CF waits for DGII's verdict",
  },
  activity: {
    title: "Recent activity",
    all: "See all activity",
    empty: "No activity yet.",
  },
  checklist: {
    title: "First steps",
    intro: "To void and issue with this company in {environment}:",
    progress: "{done} of {total} steps done",
    done: "Done",
    pending: "To do",
    steps: {
      certificate: "Load the company's digital certificate (.p12)",
      authorizations: "Register DGII's sequence authorizations",
      coverage: "Set the import coverage mark or record the issuer certification",
      apiKey: "Create an API key for the billing system",
      approver: "Invite an approver",
    },
  },
};
