export { route } from "./route";
export { json } from "./json";
export { readJsonBody, DEFAULT_MAX_BODY_BYTES } from "./read-json-body";
export { requireEnvironment } from "./require-environment";
