import "server-only";

/** True when the client asked for an asynchronous answer (RFC 7240 `Prefer: respond-async`). */
export function prefersRespondAsync(headers: Headers): boolean {
  const prefer = headers.get("prefer");
  if (!prefer) return false;
  return prefer
    .split(",")
    .map((preference) => preference.split(";")[0]!.trim().toLowerCase())
    .includes("respond-async");
}
