import "server-only";

/**
 * Sends to the authority that outlive their HTTP request (an answer after the deadline still moves
 * the record). Graceful shutdown waits for them, the lease heartbeat renews the leases of the void
 * sends among them, and tests await them to observe late answers.
 *
 * On globalThis, not in module scope: the built app bundles this module twice (the instrumentation
 * bundle that runs the shutdown and the route bundle that sends), and a module-scope Set made the
 * shutdown see an empty registry and exit while sends were still waiting on DGII.
 */
interface InFlightState {
  /** Each tracked promise, with the voidId whose send lease it holds (none for document refreshes). */
  sends: Map<Promise<unknown>, string | undefined>;
}

const holder = globalThis as typeof globalThis & { __anulaInFlight?: InFlightState };
const state: InFlightState = (holder.__anulaInFlight ??= { sends: new Map() });

export function trackInFlight<T>(promise: Promise<T>, voidId?: string): Promise<T> {
  state.sends.set(promise, voidId);
  const forget = () => state.sends.delete(promise);
  promise.then(forget, forget);
  return promise;
}

export function inFlightCount(): number {
  return state.sends.size;
}

/** The voidIds whose sends this process is still waiting on (their leases must be renewed). */
export function inFlightVoidIds(): string[] {
  return [...state.sends.values()].filter((voidId): voidId is string => voidId !== undefined);
}

/** Resolves when every tracked send has settled, or after `timeoutMs`; true when all settled. */
export async function waitForInFlight(timeoutMs: number): Promise<boolean> {
  const all = Promise.allSettled([...state.sends.keys()]).then(() => true);
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
