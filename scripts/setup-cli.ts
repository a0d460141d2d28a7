// `npm run setup -- …`: the first run from the command line, for scripted deploys. Creates the
// organization, its first company and its first administrator on a database without any user (the
// same use case and rule as the /setup page; database access is the proof, so no setup token), or
// with --new-token prints a fresh setup token for /setup, or with --move-to-dgii moves the
// deployment from the DGII simulator to DGII (its answers so far stay marked as simulated). Works on the configured database
// (DATABASE_URL, else PGlite under DATA_DIR: stop the app first, PGlite's directory opens once).
// Run with `--conditions=react-server` (see package.json) so the `server-only` modules load. The
// entry is scripts/setup.ts; runSetupCli is exported so tests run the command in their own process.
//
// The password comes from SETUP_ADMIN_PASSWORD or stdin, never from an argument (`ps` shows those).
// Exit codes: 0 done, 1 refused or failed (the message says why), 2 wrong usage.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";

import { processIo, type CliIo } from "./cli-io";

import { isAppError } from "../lib/errors";
import { loadConfig } from "../lib/server/platform/config/load-config";
import { setupAdminPasswordFromEnv } from "../lib/server/platform/config/setup-admin-password";
import { databaseTarget, describeTarget } from "../lib/server/platform/db/database-target";
import { closeDb, openProcessDatabase } from "../lib/server/platform/db/get-db";
import { showSecretsOnce } from "../lib/server/platform/ops/show-secrets-once";
import { moveToDgii } from "../lib/server/platform/taxauth/deployment-mode";
import { completeFirstRun, isSetupOpen } from "../lib/server/setup/first-run";
import {
  issueNewSetupToken,
  SETUP_PAGE_LABEL,
  SETUP_PATH,
  SETUP_TOKEN_LABEL,
} from "../lib/server/setup/setup-token";

const USAGE = `Usage:
  npm run setup -- --organization "Grupo Ejemplo" --company "Ejemplo SRL" --rnc 131793916 \\
                   --email admin@ejemplo.do [--name "Ana Pérez"] [--force-check-digit]
      Password: SETUP_ADMIN_PASSWORD, else stdin (prompted twice on a terminal). At least 8 characters.
  npm run setup -- --new-token
      Prints a fresh setup token for /setup (replaces an unused one). Only while no user exists.
  npm run setup -- --move-to-dgii
      Moves the deployment from the DGII simulator to DGII: stop every instance first, then start
      them all with TAXAUTH=dgii. What the simulator answered until now stays marked as simulated.`;

class UsageError extends Error {}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        organization: { type: "string" },
        company: { type: "string" },
        rnc: { type: "string" },
        email: { type: "string" },
        name: { type: "string" },
        "force-check-digit": { type: "boolean", default: false },
        "new-token": { type: "boolean", default: false },
        "move-to-dgii": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/** A line from the terminal without echoing it. */
async function promptHidden(input: NodeJS.ReadableStream, question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const readline = createInterface({ input, output, terminal: true });
  try {
    return await new Promise<string>((resolve) => {
      readline.question(question, resolve);
      muted = true;
    });
  } finally {
    readline.close();
    process.stdout.write("\n");
  }
}

async function readPassword(stdin: CliIo["stdin"]): Promise<string> {
  const fromEnv = setupAdminPasswordFromEnv();
  if (fromEnv !== undefined) return fromEnv;
  if (stdin.isTTY) {
    const first = await promptHidden(stdin, "Administrator password: ");
    const second = await promptHidden(stdin, "Repeat the password: ");
    if (first !== second) throw new UsageError("The two passwords differ.");
    return first;
  }
  // Piped: the whole input, less the one line end `echo` or a here-string adds.
  return (await readAll(stdin)).replace(/\r?\n$/, "");
}

async function main(argv: string[], io: CliIo): Promise<number> {
  const options = parse(argv);
  if (options.help) {
    io.log(USAGE);
    return 0;
  }
  const details = [options.organization, options.company, options.rnc, options.email];
  if (!options["new-token"] && !options["move-to-dgii"] && details.some((value) => !value?.trim())) {
    throw new UsageError("--organization, --company, --rnc and --email are required.");
  }
  const config = loadConfig();
  const database = await openProcessDatabase();
  await database.migrate();
  io.log(`Database: ${describeTarget(databaseTarget(config))}`);

  if (options["move-to-dgii"]) {
    const { moved, deployment } = await moveToDgii(database.prisma);
    const since = new Date(deployment.simulatedUntil ?? Date.now()).toISOString();
    io.log(
      moved
        ? `Moved to DGII. Answers recorded before ${since} are the simulator's and stay marked as simulated. ` +
            "Start every instance with TAXAUTH=dgii (an instance with TAXAUTH=simulator now refuses to start)."
        : deployment.simulatedUntil === null
          ? "Nothing to do: this database already answers to DGII."
          : `Nothing to do: this database moved to DGII at ${since}.`,
    );
    return 0;
  }

  if (!(await isSetupOpen(database.prisma))) {
    io.error(
      "Refused: the database already has a user, so the first-run setup is done. Sign in at /login; " +
        "an organization administrator adds companies and people in the portal.",
    );
    return 1;
  }
  if (options["new-token"]) {
    const issued = await issueNewSetupToken(database.prisma);
    showSecretsOnce(
      [
        { label: SETUP_TOKEN_LABEL, value: issued.token },
        { label: SETUP_PAGE_LABEL, value: `${config.nextAuthUrl?.replace(/\/+$/, "") ?? ""}${SETUP_PATH}` },
      ],
      io.write,
    );
    io.log(`Valid until ${new Date(issued.expiresAt).toISOString()}; any earlier token no longer works.`);
    return 0;
  }

  const password = await readPassword(io.stdin);
  if (password === "") {
    throw new UsageError("No password: set SETUP_ADMIN_PASSWORD or write it on stdin.");
  }
  const result = await completeFirstRun(
    {
      organizationName: options.organization!,
      companyName: options.company!,
      rnc: options.rnc!,
      email: options.email!,
      name: options.name,
      confirmCheckDigit: options["force-check-digit"],
      password,
      passwordConfirmation: password,
    },
    { kind: "database" },
    database.prisma,
  );
  io.log(`Organization created: ${result.organization.name} (${result.organization.id})`);
  io.log(`Company created: ${result.company.name}, RNC ${result.company.rnc} (${result.company.id})`);
  if (result.checkDigitOverridden) {
    io.log(`  (its check digit does not match: kept because --force-check-digit was given)`);
  }
  io.log(
    `Administrator created: ${result.administrator.email} (${result.administrator.id}): organization ` +
      "administrator; administrator, approver and operator of the company.",
  );
  io.log("Sign in at /login with that e-mail and password.");
  return 0;
}

function explain(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (isAppError(error) && error.status < 500) {
    if (error.code === "SETUP_CLOSED") {
      io.error("Refused: the database already has a user, so the first-run setup is done.");
    } else if (error.errors?.some((detail) => detail.field === "confirmCheckDigit")) {
      io.error(
        "Refused: the check digit of the RNC or cédula does not match. Check the number; if it is right " +
          "(DGII has issued such numbers), run again with --force-check-digit.",
      );
    } else {
      io.error(`Refused (${error.code}): ${error.message}`);
      for (const detail of error.errors ?? []) io.error(`  ${detail.field}: ${detail.message}`);
    }
    return 1;
  }
  io.error(error);
  return 1;
}

/** The command on `argv` (without node and the script): its exit code. Closes the database it opened. */
export async function runSetupCli(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (error) {
    return explain(error, io);
  } finally {
    await closeDb().catch(() => undefined);
  }
}
