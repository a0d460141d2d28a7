import "server-only";

import { ENVIRONMENTS, isEnvironment, type Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";

/** The `[environment]` route segment, or 404 ENVIRONMENT_NOT_FOUND (JSON) for anything but the three. */
export async function requireEnvironment(params: Promise<{ environment: string }>): Promise<Environment> {
  const { environment } = await params;
  if (!isEnvironment(environment)) {
    throw new AppError(
      "ENVIRONMENT_NOT_FOUND",
      `El ambiente "${environment.slice(0, 40)}" no existe. Use uno de: ${ENVIRONMENTS.join(", ")}.`,
    );
  }
  return environment;
}
