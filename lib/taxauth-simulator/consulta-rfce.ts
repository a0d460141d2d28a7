import "server-only";

import { queryCallOf } from "./query-call";
import { jsonReply, textReply, unauthorizedReply, type Reply, type ServiceRequest } from "./reply";
import { ESTADOS, estadoOf } from "./registry";

/**
 * GET …/consultarfce/api/Consultas/Consulta?RNC_Emisor=&ENCF=&Cod_Seguridad_eCF=: DGII's verdict on
 * a consumer-invoice summary (RFCE), found by e-NCF and security code; 0 No encontrado otherwise
 * (a wrong code included: DGII does not say which part did not match). The summaries are those
 * recepcionfc received (and any the admin registers with a `summary`): the accepted one when there
 * is one, else the latest. DGII serves it on its FC host; the simulator serves it beside the other
 * services. Parameter names are case-insensitive.
 */
export async function consultaRfce(service: ServiceRequest): Promise<Reply> {
  const { environment, state } = service;
  const asked = await queryCallOf(service);
  if (!asked) return unauthorizedReply();
  const { call, parameter, holderId } = asked;
  const rncEmisor = parameter("rnc_emisor");
  const encf = parameter("encf").toUpperCase();
  const code = parameter("cod_seguridad_ecf");
  if (!rncEmisor || !encf || !code) {
    return textReply(400, "Los parámetros RNC_Emisor, ENCF y Cod_Seguridad_eCF son requeridos.", call);
  }
  // The summary that spent the number answers, not a later one rejected because of it (a resend).
  const summaries = state.registry.mayActFor(environment, holderId, rncEmisor)
    ? state.registry
        .documentsOf(environment, rncEmisor, encf)
        .filter((document) => document.summary?.codigoSeguridad === code)
    : [];
  const summary =
    summaries.findLast((document) => document.codigo === 1 || document.codigo === 4) ?? summaries.at(-1);
  if (!summary) {
    return jsonReply(
      200,
      { rnc: rncEmisor, encf, secuenciaUtilizada: false, codigo: 0, estado: ESTADOS[0], mensajes: [] },
      { ...call, rncEmisor },
    );
  }
  return jsonReply(
    200,
    {
      rnc: summary.rnc,
      encf: summary.encf,
      secuenciaUtilizada: summary.secuenciaUtilizada,
      codigo: summary.codigo,
      estado: estadoOf(summary),
      mensajes: summary.mensajes ?? [],
    },
    { ...call, rncEmisor },
  );
}
