import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import {
  can,
  COMPANY_ACTION_ROLES,
  COMPANY_ACTIONS,
  COMPANY_ROLES,
  rolesAllow,
  SERVICE_SCOPES,
  scopesAllow,
  type Action,
  type Permissions,
} from "./roles";

/**
 * The portal guide's "Who may do what" table (docs/portal.md) is the matrix of lib/domain/roles.ts
 * written out: this test reads the table and fails when the two disagree (an action added, a role
 * changed).
 */
/** A row of the table: the company roles it ticks, and whether the organization-administrator column does. */
interface MatrixRow {
  roles: string[];
  organizationAdmin: boolean;
}

function readmeRows(): Map<string, MatrixRow> {
  const page = readFileSync(path.join(process.cwd(), "docs", "portal.md"), "utf8");
  const start = page.indexOf("<!-- roles-matrix:start -->");
  const end = page.indexOf("<!-- roles-matrix:end -->");
  expect(start, "docs/portal.md has the roles matrix markers").toBeGreaterThan(0);
  const rows = page
    .slice(start, end)
    .split("\n")
    .filter((line) => line.startsWith("| `"));
  return new Map(
    rows.map((line) => {
      const cells = line.split("|").map((cell) => cell.trim());
      const action = cells[1]!.replaceAll("`", "");
      const roles = COMPANY_ROLES.filter((_, index) => cells[3 + index] === "✓");
      return [action, { roles, organizationAdmin: cells[3 + COMPANY_ROLES.length] === "✓" }];
    }),
  );
}

function readmeMatrix(): Map<string, string[]> {
  return new Map(
    [...readmeRows()]
      .filter(([action]) => action !== "organization.manage")
      .map(([action, row]) => [action, row.roles]),
  );
}

describe("the action × role matrix", () => {
  it("is the portal guide's table, row for row", () => {
    const table = readmeMatrix();
    expect([...table.keys()].sort()).toEqual([...COMPANY_ACTIONS].sort());
    for (const action of COMPANY_ACTIONS) {
      expect(table.get(action), action).toEqual(COMPANY_ROLES.filter((role) => rolesAllow([role], action)));
    }
  });

  it("has the organization administrator's column: organization.manage alone, no company action", () => {
    const rows = readmeRows();
    const actions: Action[] = [...COMPANY_ACTIONS, "organization.manage"];
    expect([...rows.keys()].sort()).toEqual([...actions].sort());
    // An organization administrator with no role in the company, as can() sees them.
    const organizationAdmin: Permissions = {
      principal: "user",
      roles: [],
      scopes: [],
      organizationAdmin: true,
    };
    for (const action of actions) {
      expect(rows.get(action)!.organizationAdmin, action).toBe(can(organizationAdmin, action));
    }
    // No company role gives organization.manage.
    expect(rows.get("organization.manage")!.roles).toEqual([]);
    for (const role of COMPANY_ROLES) {
      expect(
        can({ ...organizationAdmin, roles: [role], organizationAdmin: false }, "organization.manage"),
      ).toBe(false);
    }
  });

  it("lets every role read, and only the listed roles act", () => {
    for (const role of COMPANY_ROLES) {
      expect(rolesAllow([role], "voids.read")).toBe(true);
      expect(rolesAllow([role], "company.read")).toBe(true);
    }
    expect(rolesAllow(["viewer"], "voids.send")).toBe(false);
    expect(rolesAllow(["administrator"], "voids.send")).toBe(false); // administrators manage, operators send
    expect(rolesAllow(["administrator", "operator"], "voids.send")).toBe(true); // roles are a set
    expect(rolesAllow(["operator"], "voids.settle")).toBe(false);
    expect(rolesAllow(["approver"], "voids.settle")).toBe(true);
    expect(COMPANY_ACTION_ROLES["users.manage"]).toEqual(["administrator"]);
  });

  it("gives organization administration only to organization administrators, never to a service account", () => {
    const person = (organizationAdmin: boolean): Permissions => ({
      principal: "user",
      roles: ["viewer"],
      scopes: [],
      organizationAdmin,
    });
    expect(can(person(true), "organization.manage")).toBe(true);
    expect(can(person(false), "organization.manage")).toBe(false);
    expect(
      can(
        { principal: "service", roles: [], scopes: [...SERVICE_SCOPES], organizationAdmin: true },
        "organization.manage",
      ),
    ).toBe(false);
  });

  it("gives service accounts only what their scopes name, never management", () => {
    expect(scopesAllow(["voids:read"], "voids.read")).toBe(true);
    expect(scopesAllow(["voids:read"], "voids.send")).toBe(false);
    expect(scopesAllow(["voids:send"], "voids.send")).toBe(true);
    expect(scopesAllow(["documents:import"], "documents.import")).toBe(true);
    for (const action of COMPANY_ACTIONS.filter((name) => /manage|settle|approve/.test(name))) {
      expect(scopesAllow([...SERVICE_SCOPES], action), action).toBe(false);
    }
  });
});
