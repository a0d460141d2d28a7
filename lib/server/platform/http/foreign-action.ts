import { createNonce, pageSecurityHeaders } from "./security-headers";

/**
 * A server action posted from another site (its Origin is not the host it was sent to). Next.js
 * refuses it too, but answers 500 with an error in the log; the proxy answers first with 403 and a
 * page that says what happened. The comparison is Next's own (Origin's host against
 * X-Forwarded-Host, else Host), so the proxy refuses exactly what Next would, never a legitimate
 * post. A post without Origin (old browsers, same-origin fetches of some) is left to Next, as it is.
 */
export function foreignActionRefusal(request: Request): Response | null {
  const origin = request.headers.get("origin");
  if (origin === null) return null;
  const target = (request.headers.get("x-forwarded-host")?.split(",")[0] || request.headers.get("host") || "")
    .trim()
    .toLowerCase();
  let originHost: string | null = null;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    // "null" (a sandboxed or file: page) or garbage: never this portal.
  }
  if (originHost !== null && originHost !== "" && originHost === target) return null;
  const headers = pageSecurityHeaders(request, createNonce());
  return new Response(REFUSAL_PAGE, {
    status: 403,
    headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/** The portal's words (es first, as the portal; en below), no script and no style: nothing to allow. */
const REFUSAL_PAGE = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Solicitud rechazada · Anula</title></head>
<body>
<main>
<h1>Solicitud rechazada</h1>
<p>Esta acción no se envió desde el portal de Anula (su origen es otro sitio), así que no se ejecutó: no se guardó ni se envió nada a la DGII.</p>
<p>Si la hizo usted, vuelva al portal y repítala desde allí.</p>
<p><a href="/">Ir al portal</a></p>
<hr>
<p lang="en">Request refused: this action was not sent from the Anula portal (it came from another site), so nothing was saved or sent to DGII. <a href="/">Back to the portal</a>.</p>
</main>
</body>
</html>
`;
