/** The "Cómo integrar" curl examples for this deployment's origin (pure: tested, and shown as is). */
export interface IntegrationExamples {
  token: string;
  void: string;
  list: string;
  document: string;
  batch: string;
}

export function integrationExamples(
  origin: string,
  environment: string,
  username: string,
): IntegrationExamples {
  const base = origin.replace(/\/+$/, "");
  return {
    token: [
      `curl -sS -X POST '${base}/auth/token' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d '{"username":"${username}","password":"SU_CONTRASEÑA"}'`,
      `# → {"idToken":"eyJ…","expiresIn":3600,"tokenType":"Bearer"}`,
      `export ID_TOKEN='eyJ…'`,
    ].join("\n"),
    void: [
      `curl -sS -X POST '${base}/${environment}/customer/void-ncf' \\`,
      `  -H "Authorization: Bearer $ID_TOKEN" \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -H "Idempotency-Key: $(uuidgen)" \\`,
      `  -d '{"ranges":[{"secuenciaDesde":"E310000000101","secuenciaHasta":"E310000000150"}]}'`,
    ].join("\n"),
    list: [
      `curl -sS '${base}/${environment}/customer/void-ncf?status=Aceptado&limit=25' \\`,
      `  -H "Authorization: Bearer $ID_TOKEN"`,
    ].join("\n"),
    document: [
      `curl -sS '${base}/${environment}/documentos-ecf?ecf=E310000000001' \\`,
      `  -H "Authorization: Bearer $ID_TOKEN" \\`,
      `  -H "X-API-KEY: $API_KEY"`,
    ].join("\n"),
    batch: [
      `curl -sS -X POST '${base}/${environment}/documentos-ecf/status/batch' \\`,
      `  -H "Authorization: Bearer $ID_TOKEN" \\`,
      `  -H "X-API-KEY: $API_KEY" \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d '{"ecfs":["E310000000001","E310000000002"]}'`,
    ].join("\n"),
  };
}

/** The public origin from the request headers (behind a proxy: x-forwarded-*). */
export function originFromHeaders(headers: { get(name: string): string | null }): string {
  const host = headers.get("x-forwarded-host") ?? headers.get("host") ?? "localhost:3000";
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const proto =
    forwarded === "https" || forwarded === "http"
      ? forwarded
      : host.startsWith("localhost") || host.startsWith("127.")
        ? "http"
        : "https";
  return `${proto}://${host.split(",")[0]!.trim()}`;
}
