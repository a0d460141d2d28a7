import { connect } from "node:net";

import { expect, test } from "@playwright/test";

import { startAppProcess, type AppProcess } from "./app-process";
import { BASE_URL, DEMO, freshRange } from "./fixtures";

/**
 * The built app as a process (hardening issue): what a load balancer and an operator see on
 * SIGTERM, and what a client's connection sees after a refused body. Runs a second instance of the
 * e2e build on its own ports.
 */

async function idToken(base: string): Promise<string> {
  const response = await fetch(`${base}/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: DEMO.email, password: DEMO.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

async function simulatorAdmin(app: AppProcess, adminPath: string, body: unknown): Promise<void> {
  const response = await fetch(`${app.simulatorUrl}${adminPath}`, {
    method: "POST",
    headers: { authorization: `Bearer ${app.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

test.describe("SIGTERM on the built app", () => {
  test.setTimeout(180_000);

  test("answers 503 while draining, waits for a send that outlives the deadline, and the late acceptance is kept", async () => {
    const settings = {
      VOID_DEADLINE_MS: "1000",
      SHUTDOWN_DRAIN_DELAY_MS: "1500",
      SHUTDOWN_TIMEOUT_MS: "20000",
    };
    const first = await startAppProcess({ port: 4782, simulatorPort: 4792, env: settings });
    let restarted: AppProcess | undefined;
    try {
      // The simulator's admin API is closed without the token it printed once.
      expect((await fetch(`${first.simulatorUrl}/admin/calls`)).status).toBe(401);
      // …which appears on the console once, in the secrets block, and in no JSON log line.
      const tokenLines = first
        .output()
        .split("\n")
        .filter((line) => line.includes(first.adminToken));
      expect(tokenLines).toEqual([`DGII simulator admin token (Authorization: Bearer): ${first.adminToken}`]);
      await simulatorAdmin(first, "/admin/faults", { service: "anularrango", mode: "delay", delayMs: 5_000 });
      const token = await idToken(first.url);
      const range = freshRange("32", 2);
      const sent = await fetch(`${first.url}/TesteCF/customer/void-ncf`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ ranges: [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }] }),
      });
      expect(sent.status).toBe(502); // the deadline (1 s) passed; DGII answers at 5 s
      const { voidId } = (await sent.json()) as { voidId: string };

      const signalledAt = Date.now();
      first.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Still listening: the load balancer is told, not refused.
      const readiness = await fetch(`${first.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toMatchObject({ status: "shutting_down" });
      const refused = await fetch(`${first.url}/TesteCF/customer/void-ncf?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });

      const exit = await first.exited;
      // It waited for DGII's answer (5 s after the send) rather than leaving at the drain delay.
      expect(exit.atMs - signalledAt).toBeGreaterThan(3_000);
      expect(first.output()).toMatch(/"sendsInFlight":1[^\n]*"msg":"Shutdown: draining"/);
      expect(first.output()).toMatch(/"sendsFinished":true,"sendsAbandoned":0/);

      restarted = await startAppProcess({
        port: 4782,
        simulatorPort: 4792,
        dataDir: first.dataDir,
        env: settings,
      });
      const record = await fetch(`${restarted.url}/TesteCF/customer/void-ncf?voidId=${voidId}`, {
        headers: { authorization: `Bearer ${await idToken(restarted.url)}` },
      });
      expect(await record.json()).toMatchObject({ voidId, status: "Aceptado", taxauthCode: "1" });
    } finally {
      first.kill("SIGKILL");
      restarted?.kill("SIGKILL");
      await restarted?.exited;
    }
  });
});

test.describe("a refused body", () => {
  test("a 413 on a chunked body over 16 MiB closes the connection instead of leaving it hung", async () => {
    const token = await idToken(BASE_URL);
    const { hostname, port } = new URL(BASE_URL);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    let received = "";
    const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", () => {}); // the server may reset while we still write: that is fine
    socket.write(
      "POST /TesteCF/customer/void-ncf HTTP/1.1\r\n" +
        `Host: ${hostname}:${port}\r\n` +
        `Authorization: Bearer ${token}\r\n` +
        "Content-Type: application/json\r\n" +
        "Transfer-Encoding: chunked\r\n" +
        "Connection: keep-alive\r\n\r\n",
    );
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const frame = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from("\r\n"),
    ]);
    for (let sent = 0; sent < 17 * 1024 * 1024 && !socket.destroyed && !received.includes("\r\n\r\n");) {
      if (!socket.write(frame)) await new Promise((resolve) => socket.once("drain", resolve));
      sent += chunk.length;
    }
    const closedAt = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), 10_000)),
    ]);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received.toLowerCase()).toContain("connection: close");
    expect(closedAt).toBeGreaterThan(0);
    socket.destroy();
  });
});
