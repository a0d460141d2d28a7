import "server-only";

import { envSchema } from "./env-schema";

/**
 * SETUP_ADMIN_PASSWORD for `npm run setup` (scripts/setup.ts): the first administrator's password
 * when a scripted deploy cannot pipe it on stdin. Read here, the one reader of the environment,
 * and only by the command: the app never holds it in its configuration.
 */
export function setupAdminPasswordFromEnv(
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  return envSchema.shape.SETUP_ADMIN_PASSWORD.parse(env.SETUP_ADMIN_PASSWORD);
}
