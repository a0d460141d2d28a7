import "server-only";

import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

import { ENVIRONMENTS, DGII_PATH_SEGMENT, type Environment } from "@/lib/domain/environments";
import { handleAdminRequest, type SimulatorAdmin } from "./admin";
import { anularRango } from "./anular-rango";
import { semilla, validarSemilla } from "./auth-services";
import { consultaResultado } from "./consulta-resultado";
import { consultaEstado } from "./consulta-estado";
import { consultaRfce } from "./consulta-rfce";
import { consultaTrackIds } from "./consulta-trackids";
import { recepcion } from "./recepcion";
import { recepcionFc } from "./recepcion-fc";
import { dialectOfFault, type Fault, type ServiceName } from "./faults";
import type { Reply, ServiceRequest } from "./reply";
import type { CallRecord, SimulatorState } from "./state";
import { xmlPartDigest } from "./call-digest";

/** A 100,000-range ANECF is ~13 MB; anything far beyond is not a real upload. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

const ROUTES: Array<{
  path: string;
  method: string;
  service: ServiceName;
  handle: (r: ServiceRequest) => Reply | Promise<Reply>;
}> = [
  { path: "autenticacion/api/autenticacion/semilla", method: "GET", service: "semilla", handle: semilla },
  {
    path: "autenticacion/api/autenticacion/validarsemilla",
    method: "POST",
    service: "validarsemilla",
    handle: validarSemilla,
  },
  {
    path: "anulacionrangos/api/operaciones/anularrango",
    method: "POST",
    service: "anularrango",
    handle: anularRango,
  },
  {
    path: "recepcion/api/facturaselectronicas",
    method: "POST",
    service: "recepcion",
    handle: recepcion,
  },
  // DGII serves recepcionfc and consultarfce on its FC host (fc.dgii.gov.do/{ambiente}/…): the
  // simulator serves them beside the rest, and Anula's fcBaseUrls point at it in simulator mode.
  {
    path: "recepcionfc/api/recepcion/ecf",
    method: "POST",
    service: "recepcionfc",
    handle: recepcionFc,
  },
  {
    path: "consultaresultado/api/consultas/estado",
    method: "GET",
    service: "consultaresultado",
    handle: consultaResultado,
  },
  {
    path: "consultatrackids/api/trackids/consulta",
    method: "GET",
    service: "consultatrackids",
    handle: consultaTrackIds,
  },
  {
    path: "consultaestado/api/consultas/estado",
    method: "GET",
    service: "consultaestado",
    handle: consultaEstado,
  },
  {
    path: "consultarfce/api/consultas/consulta",
    method: "GET",
    service: "consultarfce",
    handle: consultaRfce,
  },
];

const ENVIRONMENT_BY_SEGMENT = new Map<string, Environment>(
  ENVIRONMENTS.map((environment) => [DGII_PATH_SEGMENT[environment].toLowerCase(), environment]),
);

export function createSimulatorServer(
  state: SimulatorState,
  admin: SimulatorAdmin,
  adminAccess: { enabled: boolean; token?: string },
): Server {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        write(response, { status: 500, body: JSON.stringify({ title: String(error) }) });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://simulator");
    // DGII's paths are case-insensitive (IIS): match on the lower-cased path.
    const path = url.pathname.toLowerCase().replace(/\/+$/, "");
    const method = (request.method ?? "GET").toUpperCase();
    if (path.startsWith("/admin/")) {
      if (!adminAccess.enabled) return write(response, { status: 404, body: "" });
      if (adminAccess.token !== undefined && !hasAdminToken(request, adminAccess.token)) {
        return write(response, { status: 401, body: JSON.stringify({ title: "admin token required" }) });
      }
      return write(response, handleAdminRequest(admin, method, path, url, await readBody(request)));
    }
    // DGII's status service lives at the root, outside the environments (statusecf.dgii.gov.do).
    const statusReply = state.serviceStatus.handle(method, path, url, request);
    if (statusReply) return write(response, statusReply);
    const [, segment = "", ...rest] = path.split("/");
    const environment = ENVIRONMENT_BY_SEGMENT.get(segment);
    const route = ROUTES.find((candidate) => candidate.path === rest.join("/"));
    if (!environment || !route) return write(response, { status: 404, body: "" });
    if (route.method !== method) return write(response, { status: 405, body: "" });

    const fault = state.faults.take(route.service);
    let received: Pick<CallRecord, "xmlSha256" | "xmlBytes"> = {};
    const log = (status: number | "dropped" | "hung", reply?: Reply) =>
      state.recordCall({ service: route.service, environment, status, ...received, ...reply?.call });
    if (fault?.mode === "drop-before") {
      log("dropped");
      return void request.socket.destroy();
    }
    if (fault?.mode === "hang") return log("hung"); // never answered; close() cuts it
    // The upload is read first: a slow authority still processes what it fully received.
    const body = await readBody(request);
    if (["anularrango", "recepcion", "recepcionfc"].includes(route.service)) {
      received = xmlPartDigest(body, request.headers["content-type"]);
    }
    if (fault?.mode === "delay") await sleep(fault.delayMs ?? 1000);
    const latency = state.latency.get(route.service);
    if (latency) await sleep(latency);
    if (body.length > MAX_BODY_BYTES) return write(response, { status: 413, body: "" });
    const faultReply = fault ? replyForFault(fault) : undefined;
    if (faultReply) {
      log(faultReply.status);
      return write(response, faultReply);
    }
    const dialect = dialectOfFault(fault) ?? state.dialect;
    const reply = await route.handle({ environment, request, url, body, state, dialect, fault });
    if (fault?.mode === "drop-after") {
      // The work is done (a void is recorded), but the client never hears about it.
      log("dropped", reply);
      return void request.socket.destroy();
    }
    log(reply.status, reply);
    write(response, reply);
  }

  return server;
}

/** Canned answers for the faults that replace the service's answer. */
function replyForFault(fault: Fault): Reply | undefined {
  if (fault.mode === "malformed-json") {
    return {
      status: 200,
      body: '{"rnc":"131234567","codigo":"1","nombre":"Acep',
      contentType: "application/json",
    };
  }
  if (fault.mode === "html") {
    return {
      status: 200,
      contentType: "text/html",
      body: "<!DOCTYPE html><html><head><title>Request Rejected</title></head><body><h1>Request Rejected</h1><p>The requested URL was rejected. Please consult with your administrator.</p></body></html>",
    };
  }
  if (fault.mode !== "status") return undefined;
  const status = fault.status ?? 500;
  if (status === 401)
    return { status, body: "", headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } };
  if (status === 500) {
    return {
      status,
      contentType: "application/problem+json; charset=utf-8",
      body: JSON.stringify({ title: "An error occurred while processing your request.", status }),
    };
  }
  const title =
    status === 502 ? "502 Bad Gateway" : status === 503 ? "503 Service Unavailable" : `${status} Error`;
  return {
    status,
    contentType: "text/html",
    body: `<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center></body></html>`,
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on("end", () =>
      resolve(size > MAX_BODY_BYTES ? Buffer.alloc(MAX_BODY_BYTES + 1) : Buffer.concat(chunks)),
    );
    request.on("error", reject);
  });
}

function write(response: ServerResponse, reply: Reply): void {
  if (response.destroyed) return;
  const body = Buffer.from(reply.body, "utf8");
  response.writeHead(reply.status, {
    ...(reply.contentType ? { "Content-Type": reply.contentType } : {}),
    "Content-Length": String(body.length),
    ...reply.headers,
  });
  response.end(body);
}

/** `Authorization: Bearer <token>`, compared in constant time. */
function hasAdminToken(request: IncomingMessage, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
  const expected = Buffer.from(token);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
