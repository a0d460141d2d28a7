import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as authenticationRoute from "@/app/[environment]/customer/authentication/route";
import * as documentRoute from "@/app/[environment]/documentos-ecf/route";
import * as issuedXmlRoute from "@/app/[environment]/documentos-ecf/[ecf]/xml/route";
import * as batchRoute from "@/app/[environment]/documentos-ecf/status/batch/route";
import { createTestAccount, type TestAccount } from "@/lib/server/accounts/test-fixtures";
import { setEnvForTests } from "@/lib/server/platform/config/load-config";
import { startVoidTestApp, type VoidTestApp } from "@/lib/server/voids/testing/void-test-app";

import {
  chloeRestBody,
  contFastBody,
  invntioBody,
  joseagrcBody,
  msellerDocumentedBody,
  sistemaRestauranteBody,
} from "./testing/mseller-client-bodies";

/*
 * The six public integrations written for MSeller ECF, replayed against Anula over real HTTP: each
 * describe signs in, sends and polls the way that client's code does, with the body its own builder
 * produces (testing/mseller-client-bodies.ts), and asserts what that code reads. Where Anula cannot
 * give a client what it needs, an it.todo says so: those are product findings, not test debt.
 */

// The bodies are DGII's shape; the tests reach into them by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type Answer = Awaited<ReturnType<VoidTestApp["call"]>>;

const ENV = "TesteCF";
const PASSWORD = "test-password-1";
const FINAL_STATUSES = ["Aceptado", "Rechazado", "Aceptado Condicional"];

let app: VoidTestApp;
/** The company all six clients issue for (one account: generating its certificate is the slow part). */
let account: TestAccount;
let next = 0;

/** A fresh e-NCF of `tipo` (each client gets its own account too: numbers never collide). */
const encfOf = (tipo: "31" | "32") => `E${tipo}${String(++next).padStart(10, "0")}`;
const emailOf = (account: TestAccount) => `user-${account.auth.rnc}@test.local`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every client signs in alike: POST /{env}/customer/authentication { email, password }, no other header. */
async function signIn(account: TestAccount, password = PASSWORD): Promise<Answer> {
  return app.call("POST", `/${ENV}/customer/authentication`, {
    body: { email: emailOf(account), password },
  });
}

/** `validationErrors` of an ECF_VALIDATION_FAILED answer as "CODE field" lines. */
function problemsOf(answer: Answer): string[] {
  const errors = (answer.body.details as { validationErrors: Json[] }).validationErrors;
  return errors.map((error) => `${error.code} ${error.field}`);
}

/** Polls `read` every `intervalMs` until it answers one of `finals` (the clients' loops, shortened). */
async function pollUntil(read: () => Promise<string | undefined>, finals: string[], attempts = 12) {
  let status: string | undefined;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    status = await read();
    if (status && finals.includes(status)) return { status, attempt };
    await sleep(150);
  }
  return { status, attempt: attempts };
}

beforeAll(async () => {
  // Every status query asks DGII again (the clients poll in tight loops; the default spaces them 30 s).
  setEnvForTests({ DOCUMENT_REFRESH_MIN_INTERVAL_MS: "0" });
  app = await startVoidTestApp({
    routes: [
      { pattern: "/[environment]/customer/authentication", module: authenticationRoute },
      { pattern: "/[environment]/documentos-ecf", module: documentRoute },
      { pattern: "/[environment]/documentos-ecf/[ecf]/xml", module: issuedXmlRoute },
      { pattern: "/[environment]/documentos-ecf/status/batch", module: batchRoute },
    ],
  });
  account = await createTestAccount({ certificate: true, apiKey: true });
});
afterAll(async () => {
  await app?.close();
  setEnvForTests({ DOCUMENT_REFRESH_MIN_INTERVAL_MS: undefined });
});

describe("geurif-commits/ChloeRest (src/services/msellerEcfService.ts)", () => {
  /*
   * Sign-in: POST /{env}/customer/authentication { email, password } (Content-Type only); requires
   * `idToken`, keeps `accessToken` and `refreshToken` when present.
   * Send: POST /{env}/documentos-ecf[?validate=true], Bearer idToken + X-API-KEY, the body of
   * `construirECF` (src/lib/ecf.ts) as is: `{ ECF }`, TipoeCF and codes as numbers. Reads by alias
   * rnc|customerId, ecf|ncf|eNCF, internalTrackId|internal_track_id|trackId,
   * securityCode|codigo_seguridad|codigoSeguridad, qr_url|qrUrl, signedXml.
   * Any non-2xx throws with the first of mensaje|error|message|detail (validationErrors unread).
   * Status: GET ?ecf= reads ncf|ecf|eNCF, status, internalTrackId, securityCode, qr_url|qrUrl,
   * signedXml and parses each `dgiiResponse` string as JSON ({ trackId, codigo, estado, mensajes });
   * polls while status is not Aceptado|Rechazado|Error|Aceptado Condicional (8 tries).
   * Batch: POST …/status/batch { ecfs } reads `total` (number) and `results` (array).
   */
  let token: string;
  const headers = () => ({ "X-API-KEY": account.apiKey! });
  const pick = (body: Json, aliases: string[]) => {
    for (const alias of aliases) {
      const value = body[alias];
      if (value !== undefined && value !== null && String(value) !== "") return String(value);
    }
    return undefined;
  };
  const errorMessageOf = (body: Json) =>
    ["mensaje", "error", "message", "detail"].map((field) => body[field]).find((v) => typeof v === "string");

  it("signs in with { email, password } and gets the idToken it requires, plus accessToken and refreshToken", async () => {
    const answer = await signIn(account);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      idToken: expect.any(String),
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    token = answer.body.idToken as string;
  });

  it("its construirECF body is refused, nothing signed; the thrown message names the problem", async () => {
    const encf = encfOf("31");
    const body = chloeRestBody({ rnc: account.auth.rnc, encf });
    const answer = await app.call("POST", `/${ENV}/documentos-ecf`, { token, body, headers: headers() });
    expect(answer.status).toBe(400);
    // Per-line ITBIS and MontoGravado are not DGII elements (DGII's XSD refuses them too).
    expect(problemsOf(answer)).toEqual([
      "UNKNOWN_FIELD ECF.DetallesItems.Item[0].ITBIS",
      "UNKNOWN_FIELD ECF.DetallesItems.Item[0].MontoGravado",
    ]);
    expect(errorMessageOf(answer.body)).toContain("ECF.DetallesItems.Item[0].ITBIS");

    // Without them, its prices (ITBIS included, IndicadorMontoGravado left out) do not add up.
    const trimmed = structuredClone(body) as Json;
    for (const item of trimmed.ECF.DetallesItems.Item) {
      delete item.ITBIS;
      delete item.MontoGravado;
    }
    const second = await app.call("POST", `/${ENV}/documentos-ecf`, {
      token,
      body: trimmed,
      headers: headers(),
    });
    expect(problemsOf(second)).toEqual(["AMOUNT_MISMATCH ECF.Encabezado.Totales.MontoGravadoI1"]);
    expect(errorMessageOf(second.body)).toContain("IndicadorFacturacion 1 236.00");
    const lookup = await app.call("GET", `/${ENV}/documentos-ecf?ecf=${encf}`, { token, headers: headers() });
    expect(lookup.status).toBe(404);
  });

  describe("its body with the two fixes it needs (no per-line ITBIS, IndicadorMontoGravado 1)", () => {
    const encf = encfOf("31");
    const fixedBody = () => {
      const body = chloeRestBody({ rnc: account.auth.rnc, encf }) as Json;
      for (const item of body.ECF.DetallesItems.Item) {
        delete item.ITBIS;
        delete item.MontoGravado;
      }
      body.ECF.Encabezado.IdDoc.IndicadorMontoGravado = 1;
      return body;
    };

    it("is issued; every alias it picks finds a value", async () => {
      const answer = await app.call("POST", `/${ENV}/documentos-ecf`, {
        token,
        body: fixedBody(),
        headers: headers(),
      });
      expect(answer.status, answer.text).toBe(200);
      expect(pick(answer.body, ["rnc", "customerId"])).toBe(account.auth.rnc);
      expect(pick(answer.body, ["ecf", "ncf", "eNCF"])).toBe(encf);
      expect(pick(answer.body, ["internalTrackId", "internal_track_id", "trackId"])).toMatch(/\S/);
      expect(pick(answer.body, ["securityCode", "codigo_seguridad", "codigoSeguridad"])).toMatch(/^\S{6}$/);
      expect(new URL(pick(answer.body, ["qr_url", "qrUrl"])!).searchParams.get("encf")).toBe(encf);
      // signedXml is not in the send answer (nor in MSeller's): it reads it at the first status query.
      expect(pick(answer.body, ["signedXml"])).toBeUndefined();
    });

    it("polling GET ?ecf= reaches a final status; dgiiResponse strings parse as DGII answers", async () => {
      let last: Json = {};
      const { status } = await pollUntil(async () => {
        const answer = await app.call("GET", `/${ENV}/documentos-ecf?ecf=${encf}`, {
          token,
          headers: headers(),
        });
        expect(answer.status).toBe(200);
        last = answer.body;
        return pick(answer.body, ["status"]);
      }, [...FINAL_STATUSES, "Error"]);
      expect(status).toBe("Aceptado");
      expect(pick(last, ["ncf", "ecf", "eNCF"])).toBe(encf);
      expect(pick(last, ["securityCode"])).toMatch(/^\S{6}$/);
      expect(pick(last, ["signedXml"])).toBe(`/${ENV}/documentos-ecf/${encf}/xml`);
      const parsed = (last.dgiiResponse as string[]).map((entry) => JSON.parse(entry) as Json);
      expect(parsed.at(-1)).toMatchObject({ trackId: expect.any(String), estado: "Aceptado", mensajes: [] });
    });

    it("the batch { ecfs } answers a numeric total and a results array", async () => {
      const answer = await app.call("POST", `/${ENV}/documentos-ecf/status/batch`, {
        token,
        body: { ecfs: [encf] },
        headers: headers(),
      });
      expect(answer.status).toBe(200);
      expect(answer.body.total).toBe(1);
      expect(answer.body.results).toEqual([expect.objectContaining({ ecf: encf, found: true })]);
    });
  });
});

describe("jukaben32/sistema-restaurante (services/fiscal/proveedor/mseller.js)", () => {
  /*
   * Sign-in: POST /{env}/customer/authentication { email, password } with Content-Type and Accept;
   * requires `idToken` (cached 25 min); 401/403 → "MSeller rechazó el correo o la contraseña".
   * Every call: Bearer + X-API-KEY + Accept; a 401 signs in again once and repeats the call.
   * Send: POST /{env}/documentos-ecf[?validate=true], `construirECF` (services/fiscal/payload.js):
   * `{ ECF }`, every scalar a number, a restaurant's e-CF 32. 429 and 5xx → retry later; 401/403 →
   * configuration error; any other non-2xx → estado "rechazado" with message|error (validationErrors
   * unread). On 200 reads (data ?? body): status (absent → "enviado"), internalTrackId|trackId,
   * securityCode, qr_url|qrUrl, signedDate, error|message|mensajes.
   * Status: GET ?ecf=; 404 → still "enviado"; same fields; ACEPTADO, ACEPTADO_CONDICIONAL and
   * RECHAZADO are final, anything else stays "enviado" (polled 3 times, then by its cron).
   */
  let token: string;
  const headers = () => ({ "X-API-KEY": account.apiKey!, Accept: "application/json" });
  const estadoNuestro = (status: unknown) => {
    const x = String(status ?? "")
      .toUpperCase()
      .replace(/\s+/g, "_");
    if (x === "ACEPTADO") return "aceptado";
    if (x === "ACEPTADO_CONDICIONAL") return "aceptado_condicional";
    if (x === "RECHAZADO") return "rechazado";
    return "enviado";
  };
  const resultado = (body: Json) => {
    const doc = (body.data ?? body) as Json;
    return {
      estado: body.status || doc.status ? estadoNuestro(body.status || doc.status) : "enviado",
      track_id: doc.internalTrackId || doc.trackId || null,
      codigo_seguridad: doc.securityCode || null,
      qr_url: doc.qr_url || doc.qrUrl || null,
      fecha_firma: doc.signedDate || null,
      error: doc.error || doc.message || null,
    };
  };

  it("signs in; a wrong password is 401 and an unusable token 401 (its re-sign-in trigger), a bad key 403", async () => {
    expect((await signIn(account, "wrong-password-1")).status).toBe(401);
    const answer = await signIn(account);
    expect(answer.status).toBe(200);
    expect(answer.body.idToken).toEqual(expect.any(String));
    token = answer.body.idToken as string;
    const stale = await app.call("GET", `/${ENV}/documentos-ecf?ecf=E320000000001`, {
      token: `${token}x`,
      headers: headers(),
    });
    expect(stale.status).toBe(401);
    const badKey = await app.call("GET", `/${ENV}/documentos-ecf?ecf=E320000000001`, {
      token,
      headers: { ...headers(), "X-API-KEY": "not-a-key" },
    });
    expect(badKey.status).toBe(403);
  });

  it("a tip as it writes it is refused (rechazado, the message names the field); the number stays free", async () => {
    const encf = encfOf("32");
    const withTip = sistemaRestauranteBody({ rnc: account.auth.rnc, encf, propina: 100 });
    const refused = await app.call("POST", `/${ENV}/documentos-ecf`, {
      token,
      body: withTip,
      headers: headers(),
    });
    expect(refused.status).toBe(400);
    // DGII's XSD: MontoImpuestoSelectivoConsumoEspecifico must be > 0 when present (it writes 0).
    expect(problemsOf(refused)).toEqual([
      "RANGE ECF.Encabezado.Totales.ImpuestosAdicionales.ImpuestoAdicional[0].MontoImpuestoSelectivoConsumoEspecifico",
    ]);
    const reading = { estado: "rechazado", error: `MSeller rechazó el comprobante: ${refused.body.message}` };
    expect(reading.error).toContain("MontoImpuestoSelectivoConsumoEspecifico");

    // Without that 0, the tip still lacks its item-level code 001 (DGII sums the header from the items).
    const noZero = structuredClone(withTip) as Json;
    delete noZero.ECF.Encabezado.Totales.ImpuestosAdicionales.ImpuestoAdicional[0]
      .MontoImpuestoSelectivoConsumoEspecifico;
    const second = await app.call("POST", `/${ENV}/documentos-ecf`, {
      token,
      body: noZero,
      headers: headers(),
    });
    expect(problemsOf(second)).toEqual([
      "AMOUNT_MISMATCH ECF.Encabezado.Totales.ImpuestosAdicionales.ImpuestoAdicional[0].OtrosImpuestosAdicionales",
    ]);

    // Nothing was consumed: the same number is issued once the tip is left out.
    const issued = await app.call("POST", `/${ENV}/documentos-ecf`, {
      token,
      body: sistemaRestauranteBody({ rnc: account.auth.rnc, encf }),
      headers: headers(),
    });
    expect(issued.status, issued.text).toBe(200);
  });

  describe("an e-CF 32 without a tip", () => {
    const encf = encfOf("32");
    let sent: ReturnType<typeof resultado>;

    it("is issued; the fields its resultado() keeps are all there", async () => {
      const answer = await app.call("POST", `/${ENV}/documentos-ecf`, {
        token,
        body: sistemaRestauranteBody({ rnc: account.auth.rnc, encf }),
        headers: headers(),
      });
      expect(answer.status, answer.text).toBe(200);
      sent = resultado(answer.body);
      expect(sent).toMatchObject({
        estado: "enviado",
        track_id: expect.any(String),
        codigo_seguridad: expect.stringMatching(/^\S{6}$/),
        fecha_firma: expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/),
        error: null,
      });
      // A consumer invoice under RD$250,000: DGII's RFCE stamp URL.
      expect(new URL(sent.qr_url as string).pathname).toBe("/testecf/consultatimbrefc");
    });

    it("consultar() finds it final (aceptado): DGII judged its RFCE summary at the send; unknown is 404", async () => {
      const answer = await app.call("GET", `/${ENV}/documentos-ecf?ecf=${encf}`, {
        token,
        headers: headers(),
      });
      expect(answer.status).toBe(200);
      const read = resultado(answer.body);
      // recepcionfc answers its verdict synchronously: no polling needed for a summary.
      expect(answer.body.status).toBe("Aceptado");
      expect(read).toMatchObject({
        estado: "aceptado",
        track_id: sent.track_id,
        codigo_seguridad: sent.codigo_seguridad,
      });
      // No signedDate in the status answer: its COALESCE keeps the one stored at the send.
      expect(read.fecha_firma).toBeNull();
      const unknown = await app.call("GET", `/${ENV}/documentos-ecf?ecf=E320000099999`, {
        token,
        headers: headers(),
      });
      expect(unknown.status).toBe(404);
    });
  });
});

describe("contfastenterprise/ContFast-Enterprise (src/services/dgii/msellerClient.ts)", () => {
  /*
   * Sign-in: POST /{env}/customer/authentication { email, password }; requires `idToken` (cached 50 min).
   * Send: POST /{env}/documentos-ecf (never ?validate), Bearer + X-API-KEY, `buildECFPayload`: `{ ECF }`,
   * codes as strings, amounts as numbers, TotalPaginas 1, MontoNoFacturable 0, one Paginacion page,
   * FechaHoraFirma "". Non-2xx → failure with message + error + mensaje joined. On 200: the status
   * from the last `dgiiResponse` entry's estado, else dgiiStatus|estadoDGII|status|estado (none →
   * "submitted"); a rejection if any string in the answer matches its rejection marks ("rechaz",
   * "no acept", "has invalid child element", "estructura del archivo xml inválida", …);
   * trackId|id|internalTrackId; securityCode, qr_url and signedDate found at any depth.
   * Status: GET ?ecf= reads status, dgiiResponse (JSON strings: estado, mensajes), mensajes, ncf.
   * Batch: { ecfs } → total, results[{ ecf, status, found, data }].
   * Signed XML: downloaded through MSeller's web portal (NextAuth sign-in at ecf.mseller.app, then
   * /api/documents/download?file=<signedXml> → { presignedUrl }).
   */
  let token: string;
  const headers = () => ({ "X-API-KEY": account.apiKey! });
  const REJECTION_MARKS = [
    /\bno\s+acept/i,
    /rechaz/i,
    /\brejected\b/i,
    /has invalid child element/i,
    /is not valid according to its datatype/i,
    /the element .* is invalid/i,
    /estructura del archivo xml inv[aá]lid/i,
  ];
  const stringsOf = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : value && typeof value === "object"
        ? Object.values(value).flatMap(stringsOf)
        : [];
  const statusTextOf = (body: Json): string | null => {
    let last: string | null = null;
    for (const entry of (body.dgiiResponse as unknown[] | undefined) ?? []) {
      const parsed = (typeof entry === "string" ? JSON.parse(entry) : entry) as Json;
      if (parsed?.estado) last = String(parsed.estado);
    }
    return last ?? [body.dgiiStatus, body.estadoDGII, body.status, body.estado].find(Boolean) ?? null;
  };

  beforeAll(async () => {
    token = (await signIn(account)).body.idToken as string;
  });

  it("its buildECFPayload body, TotalPaginas 1 and all, is issued (a one-page count is left out, as MSeller does)", async () => {
    const answer = await app.call("POST", `/${ENV}/documentos-ecf`, {
      token,
      body: contFastBody({ rnc: account.auth.rnc, encf: encfOf("31") }),
      headers: headers(),
    });
    expect(answer.status, answer.text).toBe(200);
    const xml = await app.call("GET", `/${ENV}/documentos-ecf/${answer.body.ecf as string}/xml`, {
      token,
      headers: headers(),
    });
    expect(xml.text).not.toContain("<TotalPaginas>");
  });

  describe("its body without TotalPaginas", () => {
    const encf = encfOf("31");

    it("is issued: no status yet (submitted), no rejection mark, trackId, code, QR and signing date found", async () => {
      const body = contFastBody({ rnc: account.auth.rnc, encf }) as Json;
      delete body.ECF.Encabezado.IdDoc.TotalPaginas;
      const answer = await app.call("POST", `/${ENV}/documentos-ecf`, { token, body, headers: headers() });
      expect(answer.status, answer.text).toBe(200);
      // Anula's own `taxauthStatus` is not among the fields it reads: the send stays "submitted".
      expect(statusTextOf(answer.body)).toBeNull();
      expect(
        stringsOf(answer.body).filter((text) => REJECTION_MARKS.some((mark) => mark.test(text))),
      ).toEqual([]);
      expect(answer.body.trackId || answer.body.id || answer.body.internalTrackId).toEqual(
        expect.any(String),
      );
      expect(answer.body).toMatchObject({
        securityCode: expect.stringMatching(/^\S{6}$/),
        qr_url: expect.stringMatching(/^https:\/\/ecf\.dgii\.gov\.do\/testecf\/consultatimbre\?/),
        signedDate: expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/),
      });
    });

    it("getDocumentStatus reads DGII's verdict from the last dgiiResponse entry", async () => {
      const { status } = await pollUntil(async () => {
        const answer = await app.call("GET", `/${ENV}/documentos-ecf?ecf=${encf}`, {
          token,
          headers: headers(),
        });
        expect(answer.body.ncf).toBe(encf);
        return statusTextOf(answer.body) ?? undefined;
      }, FINAL_STATUSES);
      expect(status).toBe("Aceptado");
    });

    it("the batch answers total and results[{ ecf, status, found, data }]", async () => {
      const answer = await app.call("POST", `/${ENV}/documentos-ecf/status/batch`, {
        token,
        body: { ecfs: [encf, "E310000099999"] },
        headers: headers(),
      });
      expect(answer.body.total).toBe(2);
      expect(answer.body.results).toEqual([
        expect.objectContaining({ ecf: encf, status: "Aceptado", found: true, data: expect.any(Object) }),
        expect.objectContaining({ ecf: "E310000099999", status: "No encontrado", found: false }),
      ]);
    });

    it("the signed XML is served by the API with the same credentials (signedXml is that path)", async () => {
      const record = await app.call("GET", `/${ENV}/documentos-ecf?ecf=${encf}`, {
        token,
        headers: headers(),
      });
      const xml = await app.call("GET", record.body.signedXml as string, { token, headers: headers() });
      expect(xml.status).toBe(200);
      expect(xml.text).toContain(`<eNCF>${encf}</eNCF>`);
    });
  });

  it.todo(
    "downloadXml: ContFast fetches the signed XML through MSeller's web portal (GET https://ecf.mseller.app/api/auth/csrf, " +
      "POST /api/auth/callback/credentials as a NextAuth form, GET /api/documents/download?file=<signedXml> → " +
      "{ presignedUrl }); Anula has no such portal API, and its signedXml is an API path, not a storage key: " +
      "ContFast's download fails until it reads GET {signedXml} with Bearer + X-API-KEY.",
  );
});

describe("invntio/dgii-ecf (dgii_ecf/mseller/client.py, providers/mseller.py)", () => {
  /*
   * Sign-in: POST /{env}/customer/authentication { email, password }; token = idToken|token|accessToken;
   * 401 → auth error. Every call: Bearer + X-API-KEY (+ Content-Type except GET); a 401 signs in again
   * once. Send: POST /{env}/documentos-ecf[?validate=true] with `build_ecf_json` (`{ ECF }`, codes as
   * strings, numbers for quantities and amounts, TotalPaginas "1", its own FechaHoraFirma).
   * validate: any 4xx but 401/403 is returned as data; valid ⇒ success, otherwise error = message
   * (validationErrors unread); an answer carrying internalTrackId, ecf or qr_url means "MSeller ignored
   * validate=true". Send: 401/403 → auth error, other ≥ 400 raise; reads ecf, internalTrackId,
   * securityCode, qr_url, signedDate. Status: GET ?ecf= reads status (normalized), ncf, internalTrackId,
   * securityCode, qr_url. Batch: results[].found, status|data.status, ecf|data.ncf, data.internalTrackId,
   * data.securityCode, data.qr_url.
   */
  let token: string;
  const headers = () => ({ "X-API-KEY": account.apiKey! });
  const validate = (body: unknown) =>
    app.call("POST", `/${ENV}/documentos-ecf?validate=true`, { token, body, headers: headers() });
  const looksProcessed = (body: Json) => Boolean(body.internalTrackId || body.ecf || body.qr_url);

  beforeAll(async () => {
    const answer = await signIn(account);
    token = (answer.body.idToken ?? answer.body.token ?? answer.body.accessToken) as string;
  });

  it('validate=true on its body: TotalPaginas "1" passes; its IndicadorMontoGravado "1" over amounts before ITBIS does not add up; nothing looks processed', async () => {
    const answer = await validate(invntioBody({ rnc: account.auth.rnc, encf: encfOf("31") }));
    expect(answer.status).toBe(400);
    expect(Boolean(answer.body.valid)).toBe(false);
    expect(problemsOf(answer)).toEqual([
      "AMOUNT_MISMATCH ECF.Encabezado.Totales.MontoGravadoI1",
      "AMOUNT_MISMATCH ECF.Paginacion.Pagina[0].SubtotalMontoGravado1Pagina",
    ]);
    expect(answer.body.message).toContain("IndicadorMontoGravado 1");
    expect(looksProcessed(answer.body)).toBe(false);
  });

  describe('its body with TotalPaginas left out and IndicadorMontoGravado "0"', () => {
    const encf = encfOf("31");
    const fixedBody = () => {
      const body = invntioBody({ rnc: account.auth.rnc, encf }) as Json;
      delete body.ECF.Encabezado.IdDoc.TotalPaginas;
      body.ECF.Encabezado.IdDoc.IndicadorMontoGravado = "0";
      return body;
    };

    it("validate=true answers valid with nothing that looks processed", async () => {
      const answer = await validate(fixedBody());
      expect(answer.status).toBe(200);
      expect(answer.body.valid).toBe(true);
      expect(looksProcessed(answer.body)).toBe(false);
    });

    it("is issued; the five fields it keeps are there; its own FechaHoraFirma is replaced by the signing time", async () => {
      const answer = await app.call("POST", `/${ENV}/documentos-ecf`, {
        token,
        body: fixedBody(),
        headers: headers(),
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({
        ecf: encf,
        internalTrackId: expect.any(String),
        securityCode: expect.stringMatching(/^\S{6}$/),
        qr_url: expect.stringContaining(`encf=${encf}`),
        signedDate: expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/),
      });
      expect(answer.body.signedDate).not.toBe(fixedBody().ECF.FechaHoraFirma);
    });

    it("get_document polls to Aceptado with ncf, internalTrackId, securityCode and qr_url", async () => {
      let last: Json = {};
      const { status } = await pollUntil(async () => {
        const answer = await app.call("GET", `/${ENV}/documentos-ecf?ecf=${encf}`, {
          token,
          headers: headers(),
        });
        last = answer.body;
        return answer.body.status as string;
      }, FINAL_STATUSES);
      expect(status).toBe("Aceptado");
      expect(last).toMatchObject({
        ncf: encf,
        internalTrackId: expect.any(String),
        securityCode: expect.any(String),
        qr_url: expect.any(String),
      });
    });

    it("get_status_batch: found, status, ecf and data's internalTrackId, securityCode, qr_url", async () => {
      const answer = await app.call("POST", `/${ENV}/documentos-ecf/status/batch`, {
        token,
        body: { ecfs: [encf] },
        headers: headers(),
      });
      const [item] = answer.body.results as Json[];
      expect(item).toMatchObject({
        ecf: encf,
        found: true,
        status: "Aceptado",
        data: {
          internalTrackId: expect.any(String),
          securityCode: expect.any(String),
          qr_url: expect.any(String),
        },
      });
    });
  });
});

describe("MSeller/mseller-odoo-connector (mseller_ecf_connector/models/mseller_client.py)", () => {
  /*
   * MSeller's own connector, a pure transport: the caller's dict is sent untouched (here MSeller's
   * documented example body). Sign-in: POST /{env}/customer/authentication { email, password } with no
   * Authorization nor x-api-key; idToken, else AuthenticationResult.IdToken; returns the whole answer
   * (accessToken, idToken, refreshToken). Calls: `Authorization: Bearer`, `x-api-key` (lower case),
   * Content-Type. send_ecf POST /documentos-ecf; validate_ecf the same with params validate=true.
   * 401 → "token expired … re-authenticate" (no retry); any other ≥ 400 → UserError with the first
   * 500 characters of the body (its tests expect an invalid document as 200 { valid: false, details }).
   * get_ecf_status GET params ecf; get_ecf_status_batch { ecfs } (1–100). Its tests read ecf, status, total.
   */
  let token: string;
  const headers = () => ({ "x-api-key": account.apiKey! });

  it("authenticate returns accessToken, idToken and refreshToken", async () => {
    const answer = await signIn(account);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      accessToken: expect.any(String),
      idToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    token = answer.body.idToken as string;
  });

  it("validate_ecf on MSeller's documented example as published (TotalPaginas 1): { valid: true }", async () => {
    const answer = await app.call("POST", `/${ENV}/documentos-ecf?validate=true`, {
      token,
      body: msellerDocumentedBody({ rnc: account.auth.rnc, encf: encfOf("31") }),
      headers: headers(),
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.valid).toBe(true);
  });

  describe("the documented example without TotalPaginas", () => {
    const encf = encfOf("31");
    const body = () => {
      const document = msellerDocumentedBody({ rnc: account.auth.rnc, encf }) as Json;
      delete document.ECF.Encabezado.IdDoc.TotalPaginas;
      return document;
    };

    it("validate_ecf answers { valid: true }", async () => {
      const answer = await app.call("POST", `/${ENV}/documentos-ecf?validate=true`, {
        token,
        body: body(),
        headers: headers(),
      });
      expect(answer.status).toBe(200);
      expect(answer.body.valid).toBe(true);
    });

    it("send_ecf answers the six fields of its test fixture (rnc, ecf, internalTrackId, securityCode, qr_url, signedDate)", async () => {
      const answer = await app.call("POST", `/${ENV}/documentos-ecf`, {
        token,
        body: body(),
        headers: headers(),
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({
        rnc: account.auth.rnc,
        ecf: encf,
        internalTrackId: expect.any(String),
        securityCode: expect.stringMatching(/^\S{6}$/),
        qr_url: expect.stringMatching(/^https:\/\//),
        signedDate: expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/),
      });
    });

    it("get_ecf_status and get_ecf_status_batch see it (status, ncf; total)", async () => {
      const { status } = await pollUntil(async () => {
        const answer = await app.call("GET", `/${ENV}/documentos-ecf?ecf=${encf}`, {
          token,
          headers: headers(),
        });
        expect(answer.body.ncf).toBe(encf);
        return answer.body.status as string;
      }, FINAL_STATUSES);
      expect(status).toBe("Aceptado");
      const batch = await app.call("POST", `/${ENV}/documentos-ecf/status/batch`, {
        token,
        body: { ecfs: [encf] },
        headers: headers(),
      });
      expect(batch.body).toMatchObject({ total: 1, results: [{ ecf: encf, found: true }] });
    });

    it("a token that no longer works is 401, the answer it turns into 're-authenticate'", async () => {
      const answer = await app.call("GET", `/${ENV}/documentos-ecf?ecf=${encf}`, {
        token: "expired.token.value",
        headers: headers(),
      });
      expect(answer.status).toBe(401);
    });
  });
});

describe("joseagrc/mseller_ecf (mseller_ecf/mseller_ecf/api/client.py, jobs/, doctype/mseller_ecf_document)", () => {
  /*
   * Sign-in: POST /{env}/customer/authentication { email, password }; requires idToken, stores
   * accessToken and refreshToken when present. Calls: Bearer + X-API-KEY + Content-Type; a 401 signs
   * in again and repeats once; 401/403 → authentication error; other ≥ 400 → request error with
   * message|error (validationErrors unread). Send (never ?validate): `SalesInvoiceECFMapper.build`
   * (`{ ECF }`, codes as strings, amounts as numbers, no TotalPaginas/Paginacion, FechaHoraFirma "",
   * None values dropped). apply_send_response reads status|estado|dgiiStatus (else "Sent"),
   * internalTrackId|internal_track_id|trackId, securityCode|codigoSeguridad, qrUrl|qr_url|urlQR,
   * signedDate|fechaFirma, customerId, documentType|tipoeCF, signedXml, dgiiResponse.
   * Status: a job posts the batch { ecfs } (≤ 100 non-final documents) and applies each found
   * result's `data`: status, securityCode, qr_url, signedDate (kept if absent), dgiiResponse, and
   * error|message|mensaje when Rechazado; one document is read with GET ?ecf=.
   */
  let token: string;
  const headers = () => ({ "X-API-KEY": account.apiKey! });
  const first = (data: Json, ...keys: string[]) =>
    keys.map((key) => data[key]).find((value) => value !== undefined && value !== null && value !== "") ??
    null;

  beforeAll(async () => {
    const answer = await signIn(account);
    expect(answer.body.accessToken).toEqual(expect.any(String));
    token = answer.body.idToken as string;
  });

  it("an invoice whose settings leave TipoIngresos empty (the mapper drops it) is refused; message names it", async () => {
    const body = joseagrcBody({ rnc: account.auth.rnc, encf: encfOf("31") }) as Json;
    delete body.ECF.Encabezado.IdDoc.TipoIngresos;
    const answer = await app.call("POST", `/${ENV}/documentos-ecf`, { token, body, headers: headers() });
    expect(answer.status).toBe(400);
    expect(problemsOf(answer)).toContain("REQUIRED ECF.Encabezado.IdDoc.TipoIngresos");
    expect(first(answer.body, "message", "error")).toContain("TipoIngresos");
  });

  describe("its mapper's e-CF 31, exactly as built", () => {
    const encf = encfOf("31");
    let signedDate: string;

    it("is issued; apply_send_response finds track id, code, QR and signing date (status falls back to Sent)", async () => {
      const answer = await app.call("POST", `/${ENV}/documentos-ecf`, {
        token,
        body: joseagrcBody({ rnc: account.auth.rnc, encf }),
        headers: headers(),
      });
      expect(answer.status, answer.text).toBe(200);
      const data = answer.body;
      expect(first(data, "status", "estado", "dgiiStatus") ?? "Sent").toBe("Sent");
      expect(first(data, "internalTrackId", "internal_track_id", "trackId")).toEqual(expect.any(String));
      expect(first(data, "securityCode", "codigoSeguridad", "codigo_seguridad")).toMatch(/^\S{6}$/);
      expect(first(data, "qrUrl", "qr_url", "urlQR", "url_qr")).toContain(`encf=${encf}`);
      signedDate = first(data, "signedDate", "fechaFirma", "fecha_hora_firma") as string;
      expect(signedDate).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
      // Not in MSeller's documented answer either: these stay empty until a status query.
      expect(first(data, "customerId", "customer_id", "documentType", "signedXml")).toBeNull();
    });

    it("the batch sync job finds it and apply_status_response reads Aceptado, code, QR and dgiiResponse", async () => {
      let result: Json = {};
      const { status } = await pollUntil(async () => {
        const answer = await app.call("POST", `/${ENV}/documentos-ecf/status/batch`, {
          token,
          body: { ecfs: [encf] },
          headers: headers(),
        });
        const byEcf = new Map((answer.body.results as Json[]).filter((r) => r.found).map((r) => [r.ecf, r]));
        result = (byEcf.get(encf)?.data ?? byEcf.get(encf) ?? {}) as Json;
        return first(result, "status", "estado", "dgiiStatus") as string | undefined;
      }, ["Aceptado", "Aceptado Condicional", "Rechazado"]);
      expect(status).toBe("Aceptado");
      expect(first(result, "securityCode")).toMatch(/^\S{6}$/);
      expect(first(result, "qr_url")).toContain(`encf=${encf}`);
      expect(first(result, "dgiiResponse")).toEqual(expect.arrayContaining([expect.any(String)]));
      // signedDate is not in the status data: the stored one (from the send) is kept.
      expect(first(result, "signedDate", "fechaFirma", "fecha_hora_firma")).toBeNull();
    });

    it("sync_document's GET ?ecf= answers the same document", async () => {
      const answer = await app.call("GET", `/${ENV}/documentos-ecf?ecf=${encf}`, {
        token,
        headers: headers(),
      });
      expect(answer.body).toMatchObject({ ncf: encf, status: "Aceptado", customerId: account.auth.rnc });
    });
  });
});
