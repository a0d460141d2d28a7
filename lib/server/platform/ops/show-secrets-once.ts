import "server-only";

/**
 * The one channel for secrets the app itself must show a person once (the generated demo API key,
 * the embedded simulator's admin token; the first-run setup token later): a labelled block written
 * straight to the console, never through the logger, so no log line, log shipper or log level ever
 * carries them. Each line is `<label>: <value>`, which scripts (and the browser tests) read.
 */
export interface ShownSecret {
  label: string;
  value: string;
}

export const SECRETS_BLOCK_TITLE = "Anula — shown once, never logged";

/** The embedded DGII simulator's admin API token (`Authorization: Bearer <token>`). */
export const SIMULATOR_ADMIN_TOKEN_LABEL = "DGII simulator admin token (Authorization: Bearer)";

export function formatSecretsBlock(secrets: readonly ShownSecret[]): string {
  const rule = "=".repeat(64);
  const lines = secrets.map((secret) => `${secret.label}: ${secret.value}`);
  return [`${rule}`, SECRETS_BLOCK_TITLE, ...lines, rule, ""].join("\n");
}

export function showSecretsOnce(
  secrets: readonly ShownSecret[],
  write: (text: string) => void = (text) => void process.stdout.write(text),
): void {
  if (secrets.length > 0) write(formatSecretsBlock(secrets));
}

/** Reads one secret back out of console output (scripts and tests that start the app). */
export function readShownSecret(output: string, label: string): string | undefined {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped}: (\\S+)$`, "m").exec(output)?.[1];
}
