import { json, route } from "@/lib/server/http";
import { checkReadiness } from "@/lib/server/ops/readiness";

/** Readiness for load balancers: 200 when this instance can serve, else 503 with the failed checks. */
export const GET = route(
  async () => {
    const { ready, body } = await checkReadiness();
    return json(body, ready ? 200 : 503);
  },
  { operational: true },
);
