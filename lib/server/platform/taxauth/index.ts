import "server-only";

export { taxAuthConfigFromEnv, DGII_HOST, DEFAULT_SIMULATOR_URL, type TaxAuthConfig } from "./config";
export { TaxAuthClient } from "./taxauth-client";
export { classifyVoidAnswer, VOID_ANSWER_RULES } from "./classify-void-answer";
export { classifyReceptionAnswer, type ReceptionOutcome } from "./classify-reception-answer";
export { describeBody, parseVoidResponse } from "./response-body";
export { buildXmlMultipart } from "./multipart";
export {
  STATUS_ESTADOS,
  type StatusEstado,
  type TaxAuthStatusResult,
  type TaxAuthVoidResponse,
  type VoidOutcome,
} from "./types";
