import "server-only";

import { jsonReply, textReply, unauthorizedReply, type Reply, type ServiceRequest } from "./reply";
import { ESTADOS, estadoOf } from "./registry";

/** GET …/consultaresultado/api/consultas/estado?trackid=: the status of a received e-CF. */
export async function consultaResultado({
  environment,
  request,
  url,
  state,
}: ServiceRequest): Promise<Reply> {
  const claims = await state.credentials.verifyToken(environment, request.headers.authorization);
  if (!claims) return unauthorizedReply();
  const call = { tokenHolderId: claims.holderId, tokenFingerprint: claims.fingerprint };
  const trackId = [...url.searchParams.entries()].find(([name]) => name.toLowerCase() === "trackid")?.[1];
  if (!trackId) return textReply(400, "El parámetro trackid es requerido.", call);
  const document = state.registry.findDocument(environment, trackId);
  // A taxpayer only sees its own documents (or those it is delegated for): others are "not found".
  if (!document || !state.registry.mayActFor(environment, claims.holderId, document.rnc)) {
    return jsonReply(
      200,
      {
        trackId,
        codigo: 0,
        estado: ESTADOS[0],
        rnc: null,
        encf: null,
        secuenciaUtilizada: false,
        fechaRecepcion: null,
        mensajes: [{ valor: "No se encontró el TrackId.", codigo: 0 }],
      },
      call,
    );
  }
  return jsonReply(
    200,
    {
      trackId: document.trackId,
      codigo: document.codigo,
      estado: estadoOf(document),
      rnc: document.rnc,
      encf: document.encf,
      secuenciaUtilizada: document.secuenciaUtilizada,
      fechaRecepcion: document.fechaRecepcion ?? null,
      mensajes: document.mensajes ?? [],
    },
    { ...call, rncEmisor: document.rnc },
  );
}
