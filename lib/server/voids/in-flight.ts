import "server-only";

/**
 * Sends to the authority that outlive their HTTP request (an answer after the deadline still moves
 * the record). Graceful shutdown waits for them; tests await them to observe late answers.
 */
const inFlight = new Set<Promise<unknown>>();

export function trackInFlight<T>(promise: Promise<T>): Promise<T> {
  inFlight.add(promise);
  const forget = () => inFlight.delete(promise);
  promise.then(forget, forget);
  return promise;
}

export function inFlightCount(): number {
  return inFlight.size;
}

/** Resolves when every tracked send has settled, or after `timeoutMs`; true when all settled. */
export async function waitForInFlight(timeoutMs: number): Promise<boolean> {
  const all = Promise.allSettled([...inFlight]).then(() => true);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([all, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
