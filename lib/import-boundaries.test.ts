import path from "node:path";

import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The import boundaries of eslint.config.mjs, proven through ESLint itself: each case lints a line
 * of code as if it were a file at `file`, and a wrong-way import must fail `npm run lint` (an
 * error), while the imports the layout allows must pass. Removing or loosening a zone fails here.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const BOUNDARY_RULES = new Set([
  "import/no-restricted-paths",
  "no-restricted-imports",
  "import/no-extraneous-dependencies",
]);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The boundary errors ESLint reports for `code` placed at `file` (the file need not exist). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = [value];\n`, {
    filePath: path.join(ROOT, file),
  });
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2 && BOUNDARY_RULES.has(message.ruleId ?? ""))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe("wrong-way imports fail the lint", () => {
  it.each([
    [
      "lib/domain → lib/server",
      "lib/domain/probe.ts",
      `import { getDb as value } from "@/lib/server/platform/db";`,
    ],
    [
      "lib/domain → lib/schemas",
      "lib/domain/probe.ts",
      `import { voidNcfRequestSchema as value } from "@/lib/schemas/void-ncf";`,
    ],
    [
      "lib/domain → components",
      "lib/domain/probe.ts",
      `import { Banner as value } from "@/components/ui/banner";`,
    ],
    [
      "lib/domain → lib/server, relative path",
      "lib/domain/probe.ts",
      `import { getDb as value } from "../server/platform/db";`,
    ],
    [
      "lib/domain → lib/server, type only",
      "lib/domain/probe.ts",
      `import type { AuthContext } from "@/lib/server/auth";\nconst value: AuthContext | null = null;`,
    ],
    ["lib/domain → node:fs", "lib/domain/probe.ts", `import { readFileSync as value } from "node:fs";`],
    [
      "lib/domain → crypto (bare built-in)",
      "lib/domain/probe.ts",
      `import { randomUUID as value } from "crypto";`,
    ],
    [
      "lib/domain → @prisma/client",
      "lib/domain/probe.ts",
      `import { PrismaClient as value } from "@prisma/client";`,
    ],
    [
      "lib/errors → lib/domain",
      "lib/errors/probe.ts",
      `import { isEnvironment as value } from "@/lib/domain/environments";`,
    ],
    [
      "lib/schemas → lib/server",
      "lib/schemas/probe.ts",
      `import { getDb as value } from "@/lib/server/platform/db";`,
    ],
    ["lib/schemas → server-only", "lib/schemas/probe.ts", `import "server-only";\nconst value = 1;`],
    [
      "lib/i18n → lib/portal",
      "lib/i18n/probe.ts",
      `import { getPortalPreferences as value } from "@/lib/portal/preferences";`,
    ],
    [
      "lib/server → components",
      "lib/server/voids/probe.ts",
      `import { Banner as value } from "@/components/ui/banner";`,
    ],
    [
      "lib/server → app",
      "lib/server/voids/probe.ts",
      `import { POST as value } from "@/app/[environment]/customer/void-ncf/route";`,
    ],
    [
      "lib/server → lib/portal",
      "lib/server/auth/probe.ts",
      `import { getPortalPreferences as value } from "@/lib/portal/preferences";`,
    ],
    [
      "components → app",
      "components/void-tool/probe.tsx",
      `import { POST as value } from "@/app/[environment]/customer/void-ncf/route";`,
    ],
    [
      "components → lib/server",
      "components/shell/probe.tsx",
      `import { getDb as value } from "@/lib/server/platform/db";`,
    ],
    [
      "components → lib/server, type only",
      "components/shell/probe.tsx",
      `import type { AuthContext } from "@/lib/server/auth";\nconst value: AuthContext | null = null;`,
    ],
    [
      "lib/portal → components",
      "lib/portal/probe.ts",
      `import { Banner as value } from "@/components/ui/banner";`,
    ],
    [
      "lib/taxauth-simulator → app",
      "lib/taxauth-simulator/probe.ts",
      `import { GET as value } from "@/app/healthz/route";`,
    ],
    [
      "production → a test helper",
      "lib/server/voids/probe.ts",
      `import { createTestAccount as value } from "@/lib/server/accounts/test-fixtures";`,
    ],
    [
      "production → a testing/ folder",
      "app/probe/route.ts",
      `import { startVoidTestApp as value } from "@/lib/server/voids/testing/void-test-app";`,
    ],
    [
      "the app → the simulator's signature verifier",
      "lib/server/platform/signing/probe.ts",
      `import { verifyXmlSignature as value } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";`,
    ],
    ["production → a devDependency", "lib/server/voids/probe.ts", `import value from "ajv";`],
    [
      "lib/server/platform → a feature",
      "lib/server/platform/jobs/probe.ts",
      `import { voidJobs as value } from "@/lib/server/voids";`,
    ],
    [
      "lib/server/platform → a feature, relative path",
      "lib/server/platform/ops/probe.ts",
      `import { startLeaseKeeper as value } from "../../voids/send-leases";`,
    ],
    [
      "a feature → another feature's internals",
      "lib/server/approvals/probe.ts",
      `import { createVoid as value } from "@/lib/server/voids/create-void";`,
    ],
    [
      "a feature → another feature's internals, relative path",
      "lib/server/ledger/probe.ts",
      `import { createVoid as value } from "../voids/create-void";`,
    ],
    [
      "a test in lib/domain → lib/server",
      "lib/domain/probe.test.ts",
      `import { getDb as value } from "@/lib/server/platform/db";`,
    ],
  ])("%s", async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });
});

describe("the imports the layout allows pass", () => {
  it.each([
    [
      "lib/domain → lib/domain and lib/errors",
      "lib/domain/probe.ts",
      `import { isEnvironment } from "./environments";\nimport { AppError } from "@/lib/errors";\nconst value = [isEnvironment, AppError];`,
    ],
    [
      "lib/schemas → lib/domain",
      "lib/schemas/probe.ts",
      `import { isEnvironment as value } from "@/lib/domain/environments";`,
    ],
    [
      "lib/server → lib/domain, lib/schemas, node:crypto",
      "lib/server/voids/probe.ts",
      `import { randomUUID } from "node:crypto";\nimport { isEnvironment } from "@/lib/domain/environments";\nimport { voidNcfRequestSchema } from "@/lib/schemas/void-ncf";\nconst value = [randomUUID, isEnvironment, voidNcfRequestSchema];`,
    ],
    [
      "components → lib/portal/actions (server actions)",
      "components/void-tool/probe.tsx",
      `import { submitVoid as value } from "@/lib/portal/actions/void-actions";`,
    ],
    [
      "app → lib/server and components",
      "app/probe/page.tsx",
      `import { getDb } from "@/lib/server/platform/db";\nimport { Banner } from "@/components/ui/banner";\nconst value = [getDb, Banner];`,
    ],
    [
      "a feature → another feature's face, and the platform",
      "lib/server/approvals/probe.ts",
      `import { createVoid } from "@/lib/server/voids";\nimport { getDb } from "@/lib/server/platform/db";\nconst value = [createVoid, getDb];`,
    ],
    [
      "a feature → its own internals",
      "lib/server/voids/probe.ts",
      `import { createVoid as value } from "./create-void";`,
    ],
    [
      "a test → another feature's internals (tests reach what they check)",
      "lib/server/approvals/probe.test.ts",
      `import { createVoid as value } from "@/lib/server/voids/create-void";`,
    ],
    [
      "a lib/server test → app (tests drive the real handlers)",
      "lib/server/voids/probe.test.ts",
      `import { POST as value } from "@/app/[environment]/customer/void-ncf/route";`,
    ],
    ["a test → a devDependency", "lib/server/voids/probe.test.ts", `import value from "ajv";`],
    [
      "a lib/server test → the simulator's verifier (the signer's oracle)",
      "lib/server/platform/signing/probe.test.ts",
      `import { verifyXmlSignature as value } from "@/lib/taxauth-simulator/xmldsig/verify-xml-signature";`,
    ],
  ])("%s", async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
