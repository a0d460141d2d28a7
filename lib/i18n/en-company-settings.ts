import type { esServiceAccounts, esSharedCertificates } from "./es-company-settings";

/** English strings of Settings → Service accounts and of shared certificates (see the es file). */
export const enServiceAccounts: typeof esServiceAccounts = {
  title: "Service accounts",
  intro:
    "Credentials for your integrations (ERP, billing system) that do not depend on a person: they sign in at POST /auth/token or /TesteCF|CerteCF|eCF/customer/authentication with the clientId as username and the secret as password, for this company only. The secret is shown only once.",
  name: "Name",
  namePlaceholder: "e.g. Accounting ERP",
  scopes: "Permissions",
  scopeLabels: {
    "voids:send": "Send voids (voids:send)",
    "voids:read": "Read voids and their XML (voids:read)",
    "documents:read": "Read documents (documents:read)",
    "documents:import": "Import documents (documents:import)",
    "documents:issue": "Issue e-CF (documents:issue)",
  },
  create: "Create service account",
  createdTitle: "Service account {name} created: copy the secret now",
  rotatedTitle: "New secret of {name}: copy it now",
  secretWarning: "The secret will not be shown again. Keep it somewhere safe.",
  clientId: "clientId",
  secret: "Secret",
  oldSecretsExpire: "The previous secret keeps working until {date}.",
  oldSecretsEnded: "The previous secret no longer works.",
  createdAt: "Created",
  lastUsedAt: "Last used",
  liveSecrets: "Live secrets",
  secretPrefix: "anula_sk_{prefix}_…",
  secretExpires: "until {date}",
  state: "State",
  active: "Active",
  disabled: "Disabled",
  actions: "Actions",
  rotate: "Rotate secret",
  rotateNamed: "Rotate the secret of {name}",
  rotateTitle: "Rotate the secret of {name}",
  rotateIntro:
    "A new secret is created. The current one keeps working during the overlap period, so the integration switches without downtime.",
  overlapHours: "Overlap period (hours)",
  overlapHint: "168 hours = 7 days. 0: the current secret stops working now (e.g. if it leaked).",
  disable: "Disable",
  enable: "Enable",
  disableNamed: "Disable {name}",
  enableNamed: "Enable {name}",
  confirmDisable: "Disable {name}? Its tokens stop working at once.",
  empty: "No service accounts.",
  nameRequired: "Enter a name.",
  scopesRequired: "Choose at least one permission.",
  overlapInvalid: "The overlap period must be a whole number of hours between 0 and {max}.",
};

export const enSharedCertificates: typeof esSharedCertificates = {
  title: "Other certificates of the organization",
  intro:
    "A certificate uploaded for another company of your organization (for example, a delegated signer's) can sign for this one too. Only the active certificate is used.",
  subject: "Subject",
  validUntil: "Valid until",
  companies: "Companies using it",
  noCompanies: "None",
  expired: "Expired",
  use: "Use in this company",
  useNamed: "Use {subject} in this company",
  confirmUse: "Use {subject} to sign for this company? It replaces the active certificate.",
  linked: "The certificate {subject} is now this company's active one.",
};

/** Settings → Certificate: DGII's certification of the company as an electronic issuer (eCF issuing). */
export const enIssuerCertification = {
  title: "Electronic issuer certified by DGII",
  intro:
    "In eCF (production) the company issues e-CF only once DGII certified it as an electronic issuer (after CerteCF). DGII offers no service to ask: an administrator records it here. TesteCF and CerteCF issue without it.",
  certified: "Recorded: certified by DGII since {date} (recorded by {by}). It may issue in eCF.",
  notCertified: "Not recorded: issuing in eCF is refused (ISSUER_NOT_CERTIFIED) until it is.",
  record: "Record DGII's certification",
  withdraw: "Withdraw the record",
  confirmRecord:
    "Did DGII certify this company as an electronic issuer? From now on it may issue e-CF in eCF (production), with fiscal effect.",
  confirmWithdraw: "Withdraw the record? Issuing in eCF will be refused until it is recorded again.",
  recorded: "Certification recorded: the company may issue in eCF.",
  withdrawn: "Record withdrawn: issuing in eCF is refused.",
};
