import { unknownApiPath } from "@/lib/server/platform/http/api-fallbacks";

/**
 * A path of one segment that no page or route serves: `/TesteCF` alone, `/TesteCF%2Fcustomer…` (an
 * encoded slash keeps the whole path in this one segment), or any unknown first segment. JSON 404
 * as under /{environment}/ (the catch-all beside it), never the portal's HTML page: every page of
 * the portal has a static first segment, which Next matches first.
 */
export const GET = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;
export const OPTIONS = unknownApiPath;
