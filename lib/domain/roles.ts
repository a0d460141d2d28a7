/**
 * Who may do what, once, for the server's checks and the portal's navigation.
 *
 * A user holds a set of roles per company (CompanyMember.roles). Roles do not rank: each one grants
 * its own actions, and every role reads. The matrix below is the only place that says which role
 * takes which action; lib/server/auth/entry-points.ts names, for every way into the application,
 * the action it takes, and docs/portal.md's roles table is this matrix written out (a test
 * compares them).
 *
 * Organization administration (members, organization settings such as the second factor, the
 * credentials of users whose home organization it is) is not a company role: it is
 * OrganizationMember.isAdmin, and the action "organization.manage".
 */
export const COMPANY_ROLES = ["administrator", "approver", "operator", "viewer"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export function isCompanyRole(value: unknown): value is CompanyRole {
  return typeof value === "string" && (COMPANY_ROLES as readonly string[]).includes(value);
}

const EVERY_ROLE = COMPANY_ROLES;

/** Every action on a company's data → the roles that may take it. */
export const COMPANY_ACTION_ROLES = {
  /** See the company: its voids, documents, settings pages (what every member sees). */
  "company.read": EVERY_ROLE,
  "voids.read": EVERY_ROLE,
  /** Prepare and send voids (where no approval is required). */
  "voids.send": ["operator"],
  /** Record the confirmed outcome of an unknown (Error) void, resend its same signed document. */
  "voids.settle": ["approver"],
  /** Approve or reject other people's void requests (never one's own). */
  "voids.approve": ["approver"],
  "documents.read": EVERY_ROLE,
  "documents.import": ["operator"],
  /** Issue e-CF (POST …/documentos-ecf): signed with the company's certificate, sent to DGII, irreversible. */
  "documents.issue": ["operator"],
  /** Decide on an issued e-CF that waits for a person ("Por confirmar"): DGII has it, or send its same bytes again. */
  "documents.settle": ["approver"],
  /** Record (or withdraw) DGII's certification of the company as an electronic issuer (eCF issuing). */
  "issuer.certify": ["administrator"],
  /** Declare and end a connectivity contingency (e-CF signed meanwhile: DGII's legend, 72 h to send); set the deadlines. */
  "issuer.contingency": ["administrator"],
  /** The sequence ledger: enter and delete DGII's authorizations of e-NCF ranges, the import-coverage mark. */
  "ledger.manage": ["administrator"],
  /** Members of the company and their roles, invitations. */
  "users.manage": ["administrator"],
  "apiKeys.manage": ["administrator"],
  "serviceAccounts.manage": ["administrator"],
  "certificates.manage": ["administrator"],
  "policies.manage": ["administrator"],
  "webhooks.manage": ["administrator"],
  /** Download the audit pack (ZIP of a period: voids, signed XML, DGII's answers, evidence, activity, 608). */
  "audit.export": ["administrator"],
  /** Read and export the company's activity log (sign-ins, credentials, people, voids, policies). */
  "activity.read": ["administrator"],
} as const satisfies Record<string, readonly CompanyRole[]>;

export type CompanyAction = keyof typeof COMPANY_ACTION_ROLES;
/** Organization-level: members of the organization, its settings, its home users' credentials. */
export type OrganizationAction = "organization.manage";
export type Action = CompanyAction | OrganizationAction;

export const COMPANY_ACTIONS = Object.keys(COMPANY_ACTION_ROLES) as CompanyAction[];

export function rolesAllow(roles: readonly CompanyRole[], action: CompanyAction): boolean {
  const allowed: readonly CompanyRole[] = COMPANY_ACTION_ROLES[action];
  return roles.some((role) => allowed.includes(role));
}

/**
 * What a service account (an integration, lib/server/auth/service-accounts.ts) may be granted, and
 * the actions each scope allows. Reading the company's basic data comes with any scope.
 */
/**
 * The company roles an organization's "second factor required" rule holds, besides the
 * organization's own administrators: those who manage credentials and those who approve and settle.
 */
export const SECOND_FACTOR_ROLES = ["administrator", "approver"] as const satisfies readonly CompanyRole[];

/** True when roles in a company make the organization's second-factor rule apply to the person. */
export function rolesNeedSecondFactor(roles: readonly CompanyRole[]): boolean {
  return roles.some((role) => (SECOND_FACTOR_ROLES as readonly CompanyRole[]).includes(role));
}

export const SERVICE_SCOPES = [
  "voids:send",
  "voids:read",
  "documents:read",
  "documents:import",
  "documents:issue",
] as const;
export type ServiceScope = (typeof SERVICE_SCOPES)[number];

const SCOPE_ACTIONS: Record<ServiceScope, readonly CompanyAction[]> = {
  "voids:send": ["voids.send", "company.read"],
  "voids:read": ["voids.read", "company.read"],
  "documents:read": ["documents.read", "company.read"],
  "documents:import": ["documents.import", "company.read"],
  "documents:issue": ["documents.issue", "company.read"],
};

export function isServiceScope(value: unknown): value is ServiceScope {
  return typeof value === "string" && (SERVICE_SCOPES as readonly string[]).includes(value);
}

export function scopesAllow(scopes: readonly ServiceScope[], action: CompanyAction): boolean {
  return scopes.some((scope) => SCOPE_ACTIONS[scope].includes(action));
}

/** Who is acting, as the checks need it (the server's AuthContext satisfies it). */
export interface Permissions {
  principal: "user" | "service";
  roles: readonly CompanyRole[];
  scopes: readonly ServiceScope[];
  organizationAdmin: boolean;
}

/** May `who` take `action` in its company (or, for organization.manage, in its organization)? */
export function can(who: Permissions, action: Action): boolean {
  if (action === "organization.manage") return who.principal === "user" && who.organizationAdmin;
  return who.principal === "service" ? scopesAllow(who.scopes, action) : rolesAllow(who.roles, action);
}

/**
 * What the migration from one role per user made of each old role (kept for the upgrade notes in
 * docs/operations.md and the tests).
 */
export const ROLES_OF_LEGACY_ROLE = {
  admin: ["administrator", "approver", "operator"],
  operator: ["operator"],
  viewer: ["viewer"],
} as const satisfies Record<string, readonly CompanyRole[]>;
