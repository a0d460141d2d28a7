import "server-only";
import { AppError } from "@/lib/errors";

/** Keyset position of the last item of a page: newest first by (createdAt, voidId). */
export interface ListCursor {
  createdAt: number;
  voidId: string;
}

/** nextToken is opaque to clients: base64url of the keyset position. */
export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.voidId]), "utf8").toString("base64url");
}

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
      return { createdAt: value[0] as number, voidId: value[1] };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw new AppError(
    "INVALID_NEXT_TOKEN",
    "nextToken no es válido: use el valor devuelto por la página anterior.",
  );
}
