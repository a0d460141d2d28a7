import "server-only";

/**
 * next-auth reads NEXTAUTH_URL from the environment itself and fails on an empty one
 * (`new URL("")`): a blank value means unset, so it is removed before next-auth sees it. Here
 * because lib/server/platform/config is the only place that touches process.env (env-readers.test.ts).
 */
export function dropBlankNextAuthUrl(): void {
  if (process.env.NEXTAUTH_URL !== undefined && process.env.NEXTAUTH_URL.trim() === "") {
    delete process.env.NEXTAUTH_URL;
  }
}
