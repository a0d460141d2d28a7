import "server-only";

import { queryCallOf } from "./query-call";
import { jsonReply, textReply, unauthorizedReply, type Reply, type ServiceRequest } from "./reply";
import { estadoOf } from "./registry";

/**
 * GET …/consultatrackids/api/trackids/consulta?rncemisor=&encf=: every trackId DGII gave one e-NCF
 * (one per reception, a resend included), with its estado, oldest first. Answered from the registered
 * documents; an e-NCF never received answers an empty list. Parameter names are case-insensitive, as
 * DGII's (IIS) are. Only the issuer, or a holder delegated for it, sees its trackIds: anyone else gets
 * the empty list (DGII publishes no error for it; the client cannot tell "never sent" from "not yours").
 */
export async function consultaTrackIds(service: ServiceRequest): Promise<Reply> {
  const { environment, state } = service;
  const asked = await queryCallOf(service);
  if (!asked) return unauthorizedReply();
  const { call, parameter, holderId } = asked;
  const rncEmisor = parameter("rncemisor");
  const encf = parameter("encf").toUpperCase();
  if (!rncEmisor || !encf) return textReply(400, "Los parámetros RncEmisor y ENCF son requeridos.", call);
  if (!state.registry.mayActFor(environment, holderId, rncEmisor)) {
    return jsonReply(200, [], call);
  }
  // Consumer-invoice summaries (RFCE) have no trackId: DGII lists only what came through recepcion.
  const documents = state.registry
    .documentsOf(environment, rncEmisor, encf)
    .filter((document) => !document.summary);
  return jsonReply(
    200,
    documents.map((document) => ({
      trackId: document.trackId,
      codigo: String(document.codigo),
      estado: estadoOf(document),
      fechaRecepcion: document.fechaRecepcion ?? null,
    })),
    { ...call, rncEmisor },
  );
}
