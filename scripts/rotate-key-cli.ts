// `npm run rotate-key`: re-encrypts everything stored encrypted (certificates, their passwords, TOTP
// secrets) with the current ENCRYPTION_KEY, opening it with ENCRYPTION_KEYS_PREVIOUS. Idempotent and
// resumable: rows already under the current key are skipped, so run it again after any stop. Works on
// the configured database (DATABASE_URL, else PGlite under DATA_DIR: stop the app first, PGlite's
// directory opens once). The app may keep serving on PostgreSQL meanwhile, with the same keys.
// Run with `--conditions=react-server` (see package.json) so the `server-only` modules load. The
// entry is scripts/rotate-key.ts; runRotateKeyCli is exported so tests run the command in their own process.
//
// Exit codes: 0 everything is under the current key (a dry run: nothing unreadable), 1 some rows
// could not be opened with any configured key or changed while running (or another failure: the
// message says why), 2 wrong usage.
import { parseArgs } from "node:util";

import { processIo, type CliIo } from "./cli-io";

import { rotateEncryptionKey, type RotationCounts } from "../lib/server/certificates/rotate-encryption-key";
import { loadConfig } from "../lib/server/platform/config/load-config";
import { databaseTarget, describeTarget } from "../lib/server/platform/db/database-target";
import { openDatabase } from "../lib/server/platform/db/open-database";

const USAGE = `Usage: npm run rotate-key [-- --dry-run] [-- --batch-size 100]
  With ENCRYPTION_KEY = the new key and ENCRYPTION_KEYS_PREVIOUS = the old one(s), comma-separated.`;

function describe(counts: RotationCounts): string {
  return (
    `${counts.scanned} encrypted, ${counts.reencrypted} re-encrypted, ${counts.current} already current, ` +
    `${counts.unreadable} unreadable, ${counts.changedMeanwhile} changed meanwhile`
  );
}

/** The command on `argv` (without node and the script): its exit code. */
export async function runRotateKeyCli(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (error) {
    io.error(error);
    return 1;
  }
}

async function main(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        "dry-run": { type: "boolean", default: false },
        "batch-size": { type: "string", default: "100" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    io.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.log(USAGE);
    return 0;
  }
  const batchSize = Number(values["batch-size"]);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    io.error(`--batch-size must be a whole number from 1 to 10000\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const target = databaseTarget(config);
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const dryRun = values["dry-run"] === true;
    io.log(
      `${describeTarget(target)}: ${dryRun ? "checking" : "re-encrypting"} with the current ENCRYPTION_KEY` +
        ` and ${config.decryptionKeys.length - 1} previous key(s).`,
    );
    const report = await rotateEncryptionKey(database.prisma, {
      keys: { current: config.encryptionKey, decryption: config.decryptionKeys },
      batchSize,
      dryRun,
      onBatch: (table, counts) => io.log(`  ${table}: ${describe(counts)}`),
    });
    io.log(`Certificates: ${describe(report.certificates)}`);
    io.log(`TOTP secrets: ${describe(report.totpSecrets)}`);
    const unreadable = report.certificates.unreadable + report.totpSecrets.unreadable;
    const left = unreadable + report.certificates.changedMeanwhile + report.totpSecrets.changedMeanwhile;
    if (unreadable > 0) {
      io.error(
        `${unreadable} row(s) open with none of the configured keys: keep the keys that sealed them in ENCRYPTION_KEYS_PREVIOUS.`,
      );
      return 1;
    }
    if (dryRun) return 0;
    if (left > 0) {
      io.error(`${left} row(s) changed while running: run it again.`);
      return 1;
    }
    io.log("Everything is encrypted with the current key: ENCRYPTION_KEYS_PREVIOUS can be removed.");
    return 0;
  } finally {
    await database.close();
  }
}
