import "server-only";

/**
 * The process's serving state, shared by the REST wrapper (which counts requests and refuses new
 * ones while draining), /readyz and the graceful shutdown. On globalThis so Next's dev server, which
 * re-evaluates modules, keeps one state per process.
 */
interface LifecycleState {
  draining: boolean;
  activeRequests: number;
  idleWaiters: Array<() => void>;
}

const holder = globalThis as typeof globalThis & { __anulaLifecycle?: LifecycleState };
const state: LifecycleState = (holder.__anulaLifecycle ??= {
  draining: false,
  activeRequests: 0,
  idleWaiters: [],
});

export function isDraining(): boolean {
  return state.draining;
}

export function startDraining(): void {
  state.draining = true;
}

export function activeRequestCount(): number {
  return state.activeRequests;
}

/** Counts a REST request from its start until its response is built. */
export async function trackRequest<T>(work: () => Promise<T>): Promise<T> {
  state.activeRequests += 1;
  try {
    return await work();
  } finally {
    state.activeRequests -= 1;
    if (state.activeRequests === 0) for (const wake of state.idleWaiters.splice(0)) wake();
  }
}

/** Resolves true when no REST request is running, or false after `timeoutMs`. */
export function waitForIdle(timeoutMs: number): Promise<boolean> {
  if (state.activeRequests === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      state.idleWaiters = state.idleWaiters.filter((waiter) => waiter !== wake);
      resolve(false);
    }, timeoutMs);
    state.idleWaiters.push(wake);
  });
}

/** Tests: back to serving. */
export function resetLifecycleForTests(): void {
  state.draining = false;
}
