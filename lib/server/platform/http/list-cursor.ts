import "server-only";
import { AppError } from "@/lib/errors";

/**
 * Keyset position of the last item of a page listed newest first by (createdAt, id): voids, void
 * requests, webhook deliveries, activity and documents page the same way.
 */
export interface ListCursor {
  createdAt: number;
  id: string;
}

/** nextToken is opaque to clients: base64url of the keyset position. */
export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), "utf8").toString("base64url");
}

/** The position a nextToken names; a token this server did not write is a 400 INVALID_NEXT_TOKEN. */
export function decodeCursor(token: string): ListCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === "string" &&
      /^[0-9a-f-]{36}$/.test(value[1])
    ) {
      return { createdAt: value[0] as number, id: value[1] };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw new AppError(
    "INVALID_NEXT_TOKEN",
    "nextToken no es válido: use el valor devuelto por la página anterior.",
  );
}
