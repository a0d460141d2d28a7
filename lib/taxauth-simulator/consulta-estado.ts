import "server-only";

import { decidingReception } from "@/lib/domain/dgii-submissions";

import { queryCallOf } from "./query-call";
import { jsonReply, textReply, unauthorizedReply, type Reply, type ServiceRequest } from "./reply";
import { ESTADOS, estadoOf } from "./registry";

/**
 * GET …/consultaestado/api/consultas/estado?rncemisor=&ncfelectronico=&rnccomprador=&codigoseguridad=:
 * DGII's "Consulta de estado e-CF", the validity of an e-CF by issuer and e-NCF, consumer-invoice
 * summaries (RFCE) included. Answered from what the simulator holds: the reception that decides (an
 * accepted one over a later rejected resend, else the latest). DGII shows 0 No encontrado,
 * 1 Aceptado and 2 Rechazado, Aceptado Condicional only for a summary: an e-CF still En Proceso is
 * not found yet, and a whole e-CF accepted conditionally is Aceptado. A codigoseguridad other than
 * the one a summary was received with finds nothing. The e-CF's own fields the registry does not
 * keep (montoTotal, totalITBIS, fechaEmision, fechaFirma, rncComprador, idExtranjero) are null. Only
 * the issuer (or its delegate) may ask: the buyer's side is not simulated. Parameter names are
 * case-insensitive.
 */
export async function consultaEstado(service: ServiceRequest): Promise<Reply> {
  const { environment, state } = service;
  const asked = await queryCallOf(service);
  if (!asked) return unauthorizedReply();
  const { call, parameter, holderId } = asked;
  const rncEmisor = parameter("rncemisor");
  const encf = parameter("ncfelectronico").toUpperCase();
  const code = parameter("codigoseguridad");
  if (!rncEmisor || !encf) {
    return textReply(400, "Los parámetros RncEmisor y NcfElectronico son requeridos.", call);
  }
  const received = state.registry.mayActFor(environment, holderId, rncEmisor)
    ? state.registry
        .documentsOf(environment, rncEmisor, encf)
        .filter((document) => document.codigo !== 3)
        .filter((document) => !code || !document.summary || document.summary.codigoSeguridad === code)
    : [];
  const fields = {
    rncEmisor,
    ncfElectronico: encf,
    montoTotal: null,
    totalITBIS: null,
    fechaEmision: null,
    fechaFirma: null,
    rncComprador: null,
    codigoSeguridad: null as string | null,
    idExtranjero: null,
  };
  if (received.length === 0) {
    return jsonReply(200, { codigo: 0, estado: ESTADOS[0], ...fields }, { ...call, rncEmisor });
  }
  const deciding = decidingReception(
    received.map((document) => ({ ...document, estado: estadoOf(document) })),
  );
  const whole = deciding.codigo === 4 && !deciding.summary;
  return jsonReply(
    200,
    {
      codigo: whole ? 1 : deciding.codigo,
      estado: whole ? ESTADOS[1] : deciding.estado,
      ...fields,
      codigoSeguridad: deciding.summary?.codigoSeguridad ?? null,
    },
    { ...call, rncEmisor },
  );
}
