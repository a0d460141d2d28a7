/**
 * The portal's session and request scope as Next gives them to pages, route handlers and server
 * actions, for the tests that call those directly. A test file stands this module in for the Next
 * modules its code reads (vi.mock is hoisted above the imports, so the factory imports it):
 *
 *   vi.mock("next-auth/next", () => import("@/lib/server/testing/next-auth-mock"));
 *   vi.mock("next/headers", () => import("@/lib/server/testing/next-auth-mock"));
 *   vi.mock("next/cache", () => import("@/lib/server/testing/next-auth-mock"));
 *
 * and signs a person in with setSession (null: signed out). Every test file has its own module
 * graph, so a session or a cookie set in one never reaches another.
 */

export interface TestSession {
  userId: string;
  signedInAt: number;
}

let session: TestSession | null = null;

/** The request's cookies by name (the portal's company and environment): none unless a test sets them. */
export const cookieJar = new Map<string, string>();

export function setSession(value: TestSession | null): void {
  session = value;
}

/** next-auth/next */
export async function getServerSession(): Promise<TestSession | null> {
  return session;
}

/** next/headers */
export async function headers(): Promise<Headers> {
  return new Headers();
}

/** next/headers: reads the jar; what the code sets or deletes is not kept. */
export async function cookies() {
  return {
    get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name)! } : undefined),
    set: () => {},
    delete: () => {},
  };
}

/** next/cache: nothing is cached in tests. */
export function revalidatePath(): void {}
