import { describe, expect, it } from "vitest";

import {
  certificateBlock,
  closeDecisionRefusal,
  closeIdempotencyKey,
  closeNeedsApprover,
  closeProgress,
  closeSummary,
  closingAuthorizations,
  stateAfterProposal,
  type CloseChunk,
} from "./year-end-close";

const chunk = (status: CloseChunk["status"], partial = false): CloseChunk => ({
  index: 0,
  idempotencyKey: "k",
  ranges: 1,
  sequences: 1,
  voidId: status === "refused" || status === "withdrawn" ? null : "v",
  status,
  partial,
  code: null,
  message: null,
});

describe("year-end close rules", () => {
  it("closes the authorizations expiring on or before the year's end, never those without an expiry", () => {
    const auths = [
      { id: "a", expiresOn: "2026-12-31" },
      { id: "b", expiresOn: "2026-06-30" },
      { id: "c", expiresOn: "2027-01-01" },
      { id: "d", expiresOn: null },
    ];
    expect(closingAuthorizations(auths, 2026).map((auth) => auth.id)).toEqual(["a", "b"]);
  });

  it("asks a confirmation only for a still-valid tail, and nothing of an empty company", () => {
    expect(stateAfterProposal([], false)).toBe("empty");
    expect(stateAfterProposal([{ kind: "vencida" }], false)).toBe("awaiting_approval");
    expect(stateAfterProposal([{ kind: "vencida" }, { kind: "vigente" }], false)).toBe(
      "awaiting_confirmation",
    );
    expect(stateAfterProposal([{ kind: "vigente" }], true)).toBe("awaiting_approval");
  });

  it("asks an approver only where the company's policy of that environment holds the void", () => {
    const policy = { environment: "eCF" as const, enabled: true, minSequences: 100 };
    expect(closeNeedsApprover(policy, "eCF", [{ cantidad: 60 }, { cantidad: 41 }])).toBe(true);
    expect(closeNeedsApprover(policy, "eCF", [{ cantidad: 100 }])).toBe(false);
    expect(closeNeedsApprover(policy, "TesteCF", [{ cantidad: 500 }])).toBe(false);
    expect(closeNeedsApprover(null, "eCF", [{ cantidad: 500 }])).toBe(false);
  });

  it("lets only the company's approvers decide where asked, never the campaign's creator", () => {
    const base = {
      state: "awaiting_approval" as const,
      approvalRequired: true,
      userId: "u",
      createdById: "admin",
      organizationAdmin: false,
    };
    expect(closeDecisionRefusal({ ...base, roles: ["approver"] })).toBeNull();
    expect(closeDecisionRefusal({ ...base, roles: ["operator"] })).toBe("NOT_APPROVER");
    expect(closeDecisionRefusal({ ...base, roles: null, organizationAdmin: true })).toBe("NOT_APPROVER");
    expect(closeDecisionRefusal({ ...base, roles: ["approver"], userId: "admin" })).toBe("REQUESTER");
    expect(closeDecisionRefusal({ ...base, state: "approved", roles: ["approver"] })).toBe("NOT_DECIDABLE");
    const free = { ...base, approvalRequired: false };
    expect(closeDecisionRefusal({ ...free, roles: null, organizationAdmin: true })).toBeNull();
    expect(closeDecisionRefusal({ ...free, roles: ["operator"] })).toBeNull();
    expect(closeDecisionRefusal({ ...free, roles: ["viewer"] })).toBe("NOT_APPROVER");
    expect(closeDecisionRefusal({ ...free, roles: null })).toBe("NOT_MEMBER");
  });

  it("blocks a company whose certificate is missing or expires before the send", () => {
    const now = 1_000_000;
    expect(certificateBlock(null, now)).toBe("CERTIFICATE_MISSING");
    expect(certificateBlock({ notAfter: now - 1 }, now)).toBe("CERTIFICATE_EXPIRED");
    expect(certificateBlock({ notAfter: now + 30_000 }, now)).toBe("CERTIFICATE_EXPIRED");
    expect(certificateBlock({ notAfter: now + 3_600_000 }, now)).toBeNull();
  });

  it("derives one Idempotency-Key per campaign, company and chunk", () => {
    expect(closeIdempotencyKey("c1", "a1", 0)).toBe("year-end-close:c1:a1:0");
    expect(closeIdempotencyKey("c1", "a1", 1)).not.toBe(closeIdempotencyKey("c1", "a1", 0));
    expect(closeIdempotencyKey("c1", "a1", 0).length).toBeLessThanOrEqual(255);
    // A chunk's further voids (its ranges split at the send) collide with no other chunk's.
    expect(closeIdempotencyKey("c1", "a1", 0, 0)).toBe("year-end-close:c1:a1:0");
    expect(closeIdempotencyKey("c1", "a1", 1, 1)).toBe("year-end-close:c1:a1:1.1");
    expect(closeIdempotencyKey("c1", "a1", 11)).not.toBe(closeIdempotencyKey("c1", "a1", 1, 1));
  });

  it("counts accepted, rejected, partial, to settle and not sent, and the progress", () => {
    const companies = [
      { state: "done" as const, chunks: [chunk("Aceptado"), chunk("Aceptado", true), chunk("Error")] },
      { state: "done" as const, chunks: [chunk("Rechazado"), chunk("refused"), chunk("withdrawn")] },
      { state: "blocked" as const, chunks: [] },
      { state: "approved" as const, chunks: [] },
      { state: "rejected" as const, chunks: [] },
    ];
    expect(closeSummary(companies)).toEqual({
      accepted: 1,
      rejected: 1,
      partial: 1,
      toSettle: 1,
      notSent: 2,
      blockedCompanies: 1,
      doneCompanies: 2,
      companies: 5,
    });
    expect(closeProgress(companies)).toEqual({ finished: 3, total: 4 });
  });
});
