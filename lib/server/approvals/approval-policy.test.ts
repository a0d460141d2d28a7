import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createServiceAccount } from "@/lib/server/auth/service-accounts";
import { createTestDatabase, type TestDatabase } from "@/lib/server/platform/db/test-database";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";

import {
  countApprovers,
  getApprovalPolicy,
  listApprovalPolicies,
  setApprovalPolicy,
} from "./approval-policy";
import { sendsWithoutApproval } from "./create-void-request";
import { setServiceAccountSendWithoutApproval } from "./service-account-bypass";
import { addPerson } from "./testing/approvals-test-app";

let database: TestDatabase;
let company: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  company = await createTestAccount({ roles: ["administrator"] });
});
afterAll(async () => database?.dispose());

const entries = (action: string) =>
  database.prisma.activityLogEntry.findMany({
    where: { accountId: company.auth.accountId, action },
    orderBy: { createdAt: "asc" },
  });

const caught = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error as { code: string; status: number; extra?: Record<string, unknown> };
  }
  throw new Error("expected an error");
};

describe("the approval policy", () => {
  it("is off for every environment by default", async () => {
    expect(await getApprovalPolicy(company.auth.accountId, "eCF")).toMatchObject({
      environment: "eCF",
      enabled: false,
      minSequences: null,
      updatedAt: null,
    });
    expect((await listApprovalPolicies(company.auth.accountId)).map((policy) => policy.enabled)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("cannot be switched on while fewer than two active people can approve (409 APPROVERS_REQUIRED)", async () => {
    const enable = () =>
      setApprovalPolicy(company.auth, { environment: "eCF", enabled: true, minSequences: null });
    expect(await countApprovers(company.auth.accountId)).toBe(0);
    expect(await caught(enable)).toMatchObject({
      code: "APPROVERS_REQUIRED",
      status: 409,
      extra: { approvers: 0 },
    });

    const first = await addPerson(company, ["approver"]);
    expect(await caught(enable)).toMatchObject({ code: "APPROVERS_REQUIRED", extra: { approvers: 1 } });
    // Operators, viewers and administrators do not approve; a disabled approver does not count.
    await addPerson(company, ["operator", "administrator"]);
    const disabled = await addPerson(company, ["approver"]);
    await database.prisma.user.update({ where: { id: disabled.auth.userId }, data: { disabled: true } });
    expect(await countApprovers(company.auth.accountId)).toBe(1);
    expect(await caught(enable)).toMatchObject({ code: "APPROVERS_REQUIRED" });
    expect(await getApprovalPolicy(company.auth.accountId, "eCF")).toMatchObject({ enabled: false });
    expect(await entries("policy.changed")).toHaveLength(0);

    await addPerson(company, ["approver", "operator"]);
    expect(await countApprovers(company.auth.accountId)).toBe(2);
    expect(await enable()).toMatchObject({ environment: "eCF", enabled: true, minSequences: null });
    void first;
  });

  it("is per environment, with a threshold, and every change is logged as policy.changed", async () => {
    await setApprovalPolicy(company.auth, { environment: "CerteCF", enabled: true, minSequences: 100 });
    expect(await getApprovalPolicy(company.auth.accountId, "CerteCF")).toMatchObject({
      enabled: true,
      minSequences: 100,
      updatedBy: company.auth.actor,
    });
    expect(await getApprovalPolicy(company.auth.accountId, "TesteCF")).toMatchObject({ enabled: false });
    // Switching off needs no approvers.
    await setApprovalPolicy(company.auth, { environment: "CerteCF", enabled: false, minSequences: null });
    const logged = await entries("policy.changed");
    expect(logged.map((entry) => [entry.environment, entry.details])).toEqual([
      [
        "eCF",
        {
          policy: "void-approval",
          before: { enabled: false, minSequences: null },
          after: { enabled: true, minSequences: null },
        },
      ],
      [
        "CerteCF",
        {
          policy: "void-approval",
          before: { enabled: false, minSequences: null },
          after: { enabled: true, minSequences: 100 },
        },
      ],
      [
        "CerteCF",
        {
          policy: "void-approval",
          before: { enabled: true, minSequences: 100 },
          after: { enabled: false, minSequences: null },
        },
      ],
    ]);
    expect(logged[0]).toMatchObject({ actorType: "user", actorId: company.auth.userId });
  });

  it("is set by administrators only, with a valid body", async () => {
    const approver = await addPerson(company, ["approver", "operator"]);
    expect(
      await caught(() =>
        setApprovalPolicy(approver.auth, { environment: "eCF", enabled: false, minSequences: null }),
      ),
    ).toMatchObject({ code: "FORBIDDEN", status: 403 });
    expect(
      await caught(() =>
        setApprovalPolicy(company.auth, { environment: "eCF", enabled: true, minSequences: -1 }),
      ),
    ).toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
    expect(
      await caught(() =>
        setApprovalPolicy(company.auth, { environment: "Prod", enabled: true, minSequences: null }),
      ),
    ).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("is the company's own: another company's stays off", async () => {
    const other = await createTestAccount();
    expect(await getApprovalPolicy(other.auth.accountId, "eCF")).toMatchObject({ enabled: false });
  });
});

describe("a service account's send without approval", () => {
  it("is granted and revoked by administrators, logged, and only changes when it changes", async () => {
    const erp = await createServiceAccount(company.auth.accountId, { name: "ERP", scopes: ["voids:send"] });
    expect(await sendsWithoutApproval(company.auth.accountId, erp.id)).toBe(false);
    const operator = await addPerson(company, ["operator"]);
    expect(
      await caught(() => setServiceAccountSendWithoutApproval(operator.auth, erp.id, true)),
    ).toMatchObject({
      code: "FORBIDDEN",
    });

    await setServiceAccountSendWithoutApproval(company.auth, erp.id, true);
    await setServiceAccountSendWithoutApproval(company.auth, erp.id, true);
    expect(await sendsWithoutApproval(company.auth.accountId, erp.id)).toBe(true);
    await setServiceAccountSendWithoutApproval(company.auth, erp.id, false);
    expect(await sendsWithoutApproval(company.auth.accountId, erp.id)).toBe(false);

    const granted = await entries("service_account.approval_bypass_granted");
    const revoked = await entries("service_account.approval_bypass_revoked");
    expect(granted).toHaveLength(1);
    expect(revoked).toHaveLength(1);
    expect(granted[0]).toMatchObject({
      subjectType: "service-account",
      subjectId: erp.id,
      actorId: company.auth.userId,
      details: { name: "ERP", clientId: erp.clientId },
    });
  });

  it("cannot be granted on another company's service account (404 NOT_FOUND)", async () => {
    const other = await createTestAccount();
    const erp = await createServiceAccount(other.auth.accountId, { name: "ERP B", scopes: ["voids:send"] });
    expect(
      await caught(() => setServiceAccountSendWithoutApproval(company.auth, erp.id, true)),
    ).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await sendsWithoutApproval(other.auth.accountId, erp.id)).toBe(false);
  });
});
