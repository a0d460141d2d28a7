import { spawn } from "node:child_process";

/** DGII's simulator in a process of its own, as the real DGII is: its work never shares the app's event loop. */
export interface SimulatorProcess {
  url: string;
  /** Calls the simulator's admin API (`POST /admin/latency`, `POST /admin/documents`, …); throws on a non-2xx answer. */
  admin(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<unknown>;
  stop(): void;
}

/**
 * Starts `lib/taxauth-simulator/main.ts` on `port` (each bench its own, so one `npm run bench` may run
 * them all) and waits until it answers. With `admin`, the admin API is on and its token, printed by
 * the simulator at start, is read from its output.
 */
export async function startSimulatorProcess(
  port: number,
  options: { admin?: boolean } = {},
): Promise<SimulatorProcess> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "lib/taxauth-simulator/main.ts"],
    {
      env: {
        ...process.env,
        TAXAUTH_SIMULATOR_PORT: String(port),
        TAXAUTH_SIMULATOR_ADMIN: options.admin ? "1" : "0",
      },
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  let output = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    if (output.length < 10_000) output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const adminToken = () => /Admin API token \(Authorization: Bearer\): (\S+)/.exec(output)?.[1];
  const handle: SimulatorProcess = {
    url,
    stop: () => child.kill("SIGTERM"),
    admin: async (method, path, body) => {
      const token = adminToken();
      if (!token) throw new Error("the simulator process runs without its admin API");
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer: unknown = await response.json();
      if (!response.ok)
        throw new Error(`simulator admin ${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    },
  };
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      await fetch(`${url}/testecf/autenticacion/api/autenticacion/semilla`);
      if (!options.admin || adminToken()) return handle;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the simulator process did not start");
}
