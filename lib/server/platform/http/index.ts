export { route } from "./route";
export { json, streamedJson } from "./json";
export { readJsonBody, readBodyBytes, DEFAULT_MAX_BODY_BYTES } from "./read-json-body";
export { requireEnvironment } from "./require-environment";
export { validateBody } from "./validate-body";
