import { unknownApiPath } from "@/lib/server/platform/http/api-fallbacks";

/** Any path under /auth/ other than /auth/token: JSON 404 NOT_FOUND, never the portal's HTML page. */
export const GET = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;
export const OPTIONS = unknownApiPath;
