import "server-only";

import { createHash, timingSafeEqual } from "node:crypto";

import { AppError } from "@/lib/errors";
import { loadConfig } from "@/lib/server/platform/config/load-config";

/**
 * GET /metrics is not public: it tells how many voids each environment sends and how DGII is
 * doing. With METRICS_TOKEN set it answers only `Authorization: Bearer <METRICS_TOKEN>` (401
 * otherwise); unset, it is off (404, as if absent). A loopback-only rule was rejected on purpose:
 * behind a reverse proxy on the same host every request comes from loopback, and the client's
 * address is only as good as TRUST_PROXY.
 */
export function requireMetricsAccess(request: Request): void {
  const expected = loadConfig().metricsToken;
  if (!expected) {
    throw new AppError("NOT_FOUND", "No existe el recurso /metrics (desactivado: configure METRICS_TOKEN).");
  }
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  if (!given || !timingSafeEqual(digest(given), digest(expected))) {
    throw new AppError(
      "UNAUTHORIZED",
      "Falta el token de /metrics o no es válido: envíe Authorization: Bearer <METRICS_TOKEN>.",
    );
  }
}
