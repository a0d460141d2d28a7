import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { AppError } from "@/lib/errors";
import { signXml, type SigningCredential } from "@/lib/server/platform/signing";
import type { TaxAuthConfig } from "./config";
import { buildXmlMultipart } from "./multipart";
import { classifyReceptionAnswer, type ReceptionOutcome } from "./classify-reception-answer";
import { classifySummaryAnswer, type SummaryOutcome } from "./classify-summary-answer";
import { classifyVoidAnswer } from "./classify-void-answer";
import { dgiiOperationOf, recordDgiiRequest } from "@/lib/server/platform/metrics/record";
import { describeBody, tryJson } from "./response-body";
import { TokenCache } from "./token-cache";
import { HttpTransport, TransportError, type HttpAnswer, type RequestOptions } from "./transport";
import { parseTrackIdsAnswer } from "./track-ids";
import { STATUS_ESTADOS, type TaxAuthStatusResult, type TaxAuthTrackId, type VoidOutcome } from "./types";

const PATHS = {
  semilla: "/autenticacion/api/autenticacion/semilla",
  validarSemilla: "/autenticacion/api/autenticacion/validarsemilla",
  anularRango: "/anulacionrangos/api/operaciones/anularrango",
  recepcion: "/recepcion/api/facturaselectronicas",
  recepcionFc: "/recepcionfc/api/recepcion/ecf",
  estado: "/consultaresultado/api/consultas/estado",
  trackIds: "/consultatrackids/api/trackids/consulta",
  rfce: "/consultarfce/api/Consultas/Consulta",
} as const;

const DEFAULT_TOKEN_SAFETY_MARGIN_MS = 5 * 60_000;

/** Who is calling: DGII tokens are per taxpayer, environment and certificate. */
interface Caller {
  environment: Environment;
  rnc: string;
  credential: SigningCredential;
}

/** A signed document for DGII: who sends it, its XML and the file name of its multipart part. */
export interface SignedUpload extends Caller {
  xml: string;
  fileName: string;
}

/** DGII's protocol: seed authentication, range voiding and status by trackId. */
export class TaxAuthClient {
  private readonly transport: HttpTransport;
  private readonly tokens = new TokenCache();

  constructor(private readonly config: TaxAuthConfig) {
    this.transport = new HttpTransport(config);
  }

  /** A bearer token for the caller, cached until DGII's `expira` minus the safety margin. */
  getToken(environment: Environment, rnc: string, credential: SigningCredential): Promise<string> {
    const key = TokenCache.key(environment, rnc, credential.info.fingerprintSha256);
    return this.tokens.get(key, () => this.authenticate({ environment, rnc, credential }));
  }

  /** Sends a signed ANECF. Never throws: unreachable / unreadable answers are `failed`, never `rejected`. */
  async voidRanges(
    { environment, rnc, credential, xml, fileName }: SignedUpload,
    options: { signal?: AbortSignal } = {},
  ): Promise<VoidOutcome> {
    let answer: HttpAnswer;
    try {
      answer = await this.upload({ environment, rnc, credential }, PATHS.anularRango, xml, fileName, {
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof AppError) return { kind: "failed", stage: "auth", reason: error.message };
      return { kind: "failed", stage: "send", reason: messageOf(error) };
    }
    return classifyVoidAnswer(answer);
  }

  /**
   * Sends a signed e-CF to `recepcion` (multipart part `xml`, named RNCEmisor + e-NCF + ".xml").
   * Never throws: a token that cannot be had is `refused` only when DGII said so, and anything
   * unreachable or unreadable is `failed` (the document may have been received).
   */
  sendEcf(
    { environment, rnc, credential, xml, fileName }: SignedUpload,
    options: { signal?: AbortSignal } = {},
  ): Promise<ReceptionOutcome> {
    return this.sendDocument(
      { environment, rnc, credential },
      { path: PATHS.recepcion, signedXml: xml, fileName, signal: options.signal },
      classifyReceptionAnswer,
    );
  }

  /**
   * Sends a signed consumer-invoice summary (RFCE) to `recepcionfc` on DGII's FC host (multipart part
   * `xml`, named RNCEmisor + e-NCF + ".xml"); DGII answers its verdict at once. Never throws: a token
   * that cannot be had is `refused` (nothing was sent), anything unreachable or unreadable `failed`.
   */
  sendSummary(
    { environment, rnc, credential, xml, fileName }: SignedUpload,
    options: { signal?: AbortSignal } = {},
  ): Promise<SummaryOutcome> {
    return this.sendDocument(
      { environment, rnc, credential },
      {
        path: PATHS.recepcionFc,
        signedXml: xml,
        fileName,
        signal: options.signal,
        baseUrls: this.config.fcBaseUrls,
      },
      classifySummaryAnswer,
    );
  }

  /**
   * An issued document's upload and its answer, classified. Authentication failing means nothing was
   * sent (`refused`); a transport failure after that may have delivered it (`failed`).
   */
  private async sendDocument<T>(
    caller: Caller,
    upload: {
      path: string;
      signedXml: string;
      fileName: string;
      signal?: AbortSignal;
      baseUrls?: Record<Environment, string>;
    },
    classify: (answer: HttpAnswer) => T,
  ): Promise<
    T | { kind: "refused"; reason: string; httpStatus: number } | { kind: "failed"; reason: string }
  > {
    try {
      const answer = await this.upload(caller, upload.path, upload.signedXml, upload.fileName, {
        signal: upload.signal,
        accept: "application/json",
        baseUrls: upload.baseUrls,
      });
      return classify(answer);
    } catch (error) {
      if (error instanceof AppError) return { kind: "refused", reason: error.message, httpStatus: 401 };
      return { kind: "failed", reason: messageOf(error) };
    }
  }

  /** POSTs a signed XML as DGII's multipart (part `xml`) with the caller's token. Throws on auth or transport failure. */
  private upload(
    caller: Caller,
    path: string,
    signedXml: string,
    fileName: string,
    options: { signal?: AbortSignal; accept?: string; baseUrls?: Record<Environment, string> },
  ): Promise<HttpAnswer> {
    return this.withToken(caller, (token) => {
      const { body, contentType } = buildXmlMultipart(signedXml, fileName);
      return this.call(
        caller.environment,
        path,
        {
          method: "POST",
          headers: {
            Authorization: `bearer ${token}`,
            "Content-Type": contentType,
            ...(options.accept ? { Accept: options.accept } : {}),
          },
          body,
          signal: options.signal,
        },
        options.baseUrls,
      );
    });
  }

  /** consultaresultado by trackId. Throws AppError TAXAUTH_STATUS_ERROR (or TAXAUTH_AUTH_ERROR). */
  async queryStatus(
    environment: Environment,
    rnc: string,
    credential: SigningCredential,
    trackId: string,
  ): Promise<TaxAuthStatusResult> {
    const path = `${PATHS.estado}?trackid=${encodeURIComponent(trackId)}`;
    const answer = await this.query({ environment, rnc, credential }, path, "el estado");
    const json = answer.status === 200 ? tryJson(answer.body.trim()) : undefined;
    const codigo = json && typeof json === "object" ? Number((json as Record<string, unknown>).codigo) : NaN;
    if (!Object.prototype.hasOwnProperty.call(STATUS_ESTADOS, codigo)) {
      throw new AppError(
        "TAXAUTH_STATUS_ERROR",
        `Respuesta no válida de DGII al consultar el estado: ${describeBody(answer.status, answer.body, answer.contentType)}`,
      );
    }
    return { codigo, estado: STATUS_ESTADOS[codigo as keyof typeof STATUS_ESTADOS], raw: json };
  }

  /**
   * consultatrackids: every trackId DGII gave one e-NCF (empty: DGII never received it, as far as
   * this caller may see). Throws AppError TAXAUTH_STATUS_ERROR (or TAXAUTH_AUTH_ERROR).
   */
  async queryTrackIds(
    environment: Environment,
    rnc: string,
    credential: SigningCredential,
    encf: string,
  ): Promise<TaxAuthTrackId[]> {
    const path = `${PATHS.trackIds}?rncemisor=${encodeURIComponent(rnc)}&encf=${encodeURIComponent(encf)}`;
    const answer = await this.query({ environment, rnc, credential }, path, "los trackId");
    const entries = answer.status === 200 ? parseTrackIdsAnswer(tryJson(answer.body.trim())) : undefined;
    if (!entries) {
      throw new AppError(
        "TAXAUTH_STATUS_ERROR",
        `Respuesta no válida de DGII al consultar los trackId: ${describeBody(answer.status, answer.body, answer.contentType)}`,
      );
    }
    return entries;
  }

  /**
   * consultarfce: DGII's verdict on a consumer-invoice summary (RFCE: type 32 under RD$250,000),
   * found by its e-NCF and security code on the FC host. codigo 0 No encontrado, 1 Aceptado,
   * 2 Rechazado. Throws AppError TAXAUTH_STATUS_ERROR (or TAXAUTH_AUTH_ERROR).
   */
  async querySummary({
    environment,
    rnc,
    credential,
    encf,
    securityCode,
  }: Caller & { encf: string; securityCode: string }): Promise<TaxAuthStatusResult> {
    const query = `RNC_Emisor=${encodeURIComponent(rnc)}&ENCF=${encodeURIComponent(encf)}&Cod_Seguridad_eCF=${encodeURIComponent(securityCode)}`;
    const answer = await this.query(
      { environment, rnc, credential },
      `${PATHS.rfce}?${query}`,
      "el resumen",
      this.config.fcBaseUrls,
    );
    const json = answer.status === 200 ? tryJson(answer.body.trim()) : undefined;
    const codigo = json && typeof json === "object" ? Number((json as Record<string, unknown>).codigo) : NaN;
    if (![0, 1, 2, 4].includes(codigo)) {
      throw new AppError(
        "TAXAUTH_STATUS_ERROR",
        `Respuesta no válida de DGII al consultar el resumen: ${describeBody(answer.status, answer.body, answer.contentType)}`,
      );
    }
    return { codigo, estado: STATUS_ESTADOS[codigo as keyof typeof STATUS_ESTADOS], raw: json };
  }

  /**
   * A GET of DGII's query services with the caller's token. Throws AppError TAXAUTH_STATUS_ERROR
   * naming `what` was asked (or TAXAUTH_AUTH_ERROR); the caller reads the answer.
   */
  private async query(
    caller: Caller,
    path: string,
    what: string,
    baseUrls?: Record<Environment, string>,
  ): Promise<HttpAnswer> {
    try {
      return await this.withToken(caller, (token) =>
        this.call(
          caller.environment,
          path,
          {
            method: "GET",
            headers: { Authorization: `bearer ${token}`, Accept: "application/json" },
            idempotent: true,
          },
          baseUrls,
        ),
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(
        "TAXAUTH_STATUS_ERROR",
        `No se pudo consultar ${what} en DGII: ${messageOf(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  async close(): Promise<void> {
    this.tokens.clear();
    this.transport.close();
  }

  /** Runs a service call with the caller's token; on a 401, renews the token once and retries once. */
  private async withToken(caller: Caller, send: (token: string) => Promise<HttpAnswer>): Promise<HttpAnswer> {
    const key = TokenCache.key(caller.environment, caller.rnc, caller.credential.info.fingerprintSha256);
    const token = await this.getToken(caller.environment, caller.rnc, caller.credential);
    const first = await send(token);
    if (first.status !== 401) return first;
    this.tokens.invalidate(key, token);
    const renewed = await this.getToken(caller.environment, caller.rnc, caller.credential);
    const second = await send(renewed);
    if (second.status === 401) {
      this.tokens.invalidate(key, renewed);
      throw new AppError(
        "TAXAUTH_AUTH_ERROR",
        `DGII no aceptó el token renovado: ${describeBody(second.status, second.body, second.contentType)}`,
      );
    }
    return second;
  }

  /** GET semilla → sign it (whitespace removed) → POST validarsemilla → { token, expira }. */
  private async authenticate({
    environment,
    credential,
  }: Caller): Promise<{ token: string; renewAt: number }> {
    const authError = (detail: string, cause?: unknown) =>
      new AppError("TAXAUTH_AUTH_ERROR", `La autenticación con DGII falló: ${detail}`, { cause });
    try {
      const seed = await this.call(environment, PATHS.semilla, { method: "GET", idempotent: true });
      if (seed.status !== 200 || !/<SemillaModel[\s>]/.test(seed.body)) {
        throw authError(`semilla: ${describeBody(seed.status, seed.body, seed.contentType)}`);
      }
      const signedSeed = signXml(seed.body.replace(/>\s+</g, "><").trim(), credential);
      const { body, contentType } = buildXmlMultipart(signedSeed, "semilla.xml");
      const answer = await this.call(environment, PATHS.validarSemilla, {
        method: "POST",
        headers: { "Content-Type": contentType },
        body,
      });
      const json = answer.status === 200 ? tryJson(answer.body.trim()) : undefined;
      const { token, expira } = (json && typeof json === "object" ? json : {}) as Record<string, unknown>;
      const expiresAt = typeof expira === "string" ? Date.parse(expira) : NaN;
      if (typeof token !== "string" || token === "" || Number.isNaN(expiresAt)) {
        throw authError(`validarsemilla: ${describeBody(answer.status, answer.body, answer.contentType)}`);
      }
      const margin = this.config.tokenSafetyMarginMs ?? DEFAULT_TOKEN_SAFETY_MARGIN_MS;
      return { token, renewAt: expiresAt - margin };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw authError(messageOf(error), error);
    }
  }

  /** Every request to DGII goes through here: timed and counted for GET /metrics. */
  private async call(
    environment: Environment,
    path: string,
    options: RequestOptions,
    baseUrls: Record<Environment, string> = this.config.baseUrls,
  ): Promise<HttpAnswer> {
    const started = performance.now();
    const operation = dgiiOperationOf(path);
    try {
      const answer = await this.transport.request(`${baseUrls[environment]}${path}`, options);
      recordDgiiRequest({
        operation,
        environment,
        durationMs: performance.now() - started,
        httpStatus: answer.status,
      });
      return answer;
    } catch (error) {
      const failure = error instanceof TransportError ? error.failure : "network";
      recordDgiiRequest({ operation, environment, durationMs: performance.now() - started, failure });
      throw error;
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
