import { unknownApiPath } from "@/lib/server/platform/http/api-fallbacks";

/**
 * Any path under /{environment}/ that no route serves (and any first segment that is neither an
 * environment nor a page of the portal): JSON 404 NOT_FOUND, or ENVIRONMENT_NOT_FOUND for an unknown
 * environment, never the portal's HTML page. Every other route is more specific and wins.
 */
export const GET = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;
export const OPTIONS = unknownApiPath;
