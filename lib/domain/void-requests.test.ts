import { describe, expect, it } from "vitest";

import { COMPANY_ROLES, type CompanyRole } from "./roles";
import {
  approvalRequired,
  decisionRefusal,
  defaultApprovalPolicy,
  effectiveStatus,
  mayDecide,
  VOID_REQUEST_STATUSES,
} from "./void-requests";

describe("approvalRequired", () => {
  it("is off by default and when the policy is disabled", () => {
    expect(approvalRequired(defaultApprovalPolicy("eCF"), "eCF", 1)).toBe(false);
    expect(approvalRequired(null, "eCF", 1)).toBe(false);
    expect(approvalRequired({ environment: "eCF", enabled: false, minSequences: null }, "eCF", 5)).toBe(
      false,
    );
  });

  it("holds every void without a threshold, only in the policy's environment", () => {
    const policy = { environment: "eCF" as const, enabled: true, minSequences: null };
    expect(approvalRequired(policy, "eCF", 1)).toBe(true);
    expect(approvalRequired(policy, "TesteCF", 1)).toBe(false);
    expect(approvalRequired(policy, "CerteCF", 1_000)).toBe(false);
  });

  it("holds only voids of more than minSequences sequences", () => {
    const policy = { environment: "eCF" as const, enabled: true, minSequences: 10 };
    expect(approvalRequired(policy, "eCF", 9)).toBe(false);
    expect(approvalRequired(policy, "eCF", 10)).toBe(false);
    expect(approvalRequired(policy, "eCF", 11)).toBe(true);
    expect(approvalRequired({ ...policy, minSequences: 0 }, "eCF", 1)).toBe(true);
  });
});

describe("who may decide a request", () => {
  const pending = { status: "Pendiente" as const, requestedByUserId: "requester" };

  it.each(COMPANY_ROLES.map((role) => [role]))("role %s alone", (role: CompanyRole) => {
    const expected = role === "approver" ? null : "NOT_APPROVER";
    expect(decisionRefusal(pending, "someone-else", [role])).toBe(expected);
    expect(mayDecide(pending, "someone-else", [role])).toBe(expected === null);
  });

  it("never the requester, whatever their roles", () => {
    expect(decisionRefusal(pending, "requester", [...COMPANY_ROLES])).toBe("REQUESTER");
    expect(mayDecide(pending, "requester", ["approver"])).toBe(false);
  });

  it("only a Pendiente request", () => {
    for (const status of VOID_REQUEST_STATUSES.filter((s) => s !== "Pendiente")) {
      expect(decisionRefusal({ ...pending, status }, "other", ["approver"])).toBe("NOT_PENDING");
    }
  });
});

describe("effectiveStatus", () => {
  it("reads a Pendiente past its expiry as Vencida, and nothing else changes", () => {
    expect(effectiveStatus({ status: "Pendiente", expiresAt: 100 }, 99)).toBe("Pendiente");
    expect(effectiveStatus({ status: "Pendiente", expiresAt: 100 }, 100)).toBe("Vencida");
    expect(effectiveStatus({ status: "Enviada", expiresAt: 100 }, 200)).toBe("Enviada");
    expect(effectiveStatus({ status: "Rechazada", expiresAt: 100 }, 200)).toBe("Rechazada");
  });
});
