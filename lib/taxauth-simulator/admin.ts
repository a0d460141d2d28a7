import "server-only";

import { isEnvironment, type Environment } from "@/lib/domain/environments";
import { DIALECTS, isDialect, type Dialect } from "./dialects";
import { SERVICES, type FaultSpec, type ServiceName } from "./faults";
import { toNumericRange, type LedgerRange } from "./ledger";
import type { Delegation, SimulatedDocument } from "./registry";
import { jsonReply, type Reply } from "./reply";
import { handleStatusAdminRequest, statusAdminOf, type ServiceStatusAdmin } from "./service-status";
import type { CallRecord, SimulatorState } from "./state";

export interface RangesInput {
  environment: Environment;
  rnc: string;
  ranges: LedgerRange[];
}

/** Test and embedded-default controls of the simulator; the same operations exist over HTTP. */
export interface SimulatorAdmin extends ServiceStatusAdmin {
  /** Forgets the ledger, documents, delegations, faults and call log, and returns to the starting dialect (tokens stay valid). */
  reset(): void;
  /** How anularrango words its answers from now on: success1 (default), success15, xml or partial. */
  setDialect(dialect: Dialect): void;
  dialect(): Dialect;
  /** Adds authorized ranges; the first call for an RNC in TesteCF replaces its default authorization. */
  authorizeRanges(input: RangesInput): void;
  /** Marks sequences as issued (used): voiding them is then rejected. */
  markIssued(input: RangesInput): void;
  /** Registers a received e-CF for consultaresultado; a used sequence is also marked issued. */
  registerDocument(document: SimulatedDocument): void;
  voidedRanges(environment: Environment, rnc: string): LedgerRange[];
  delegate(delegation: Delegation): void;
  injectFault(spec: FaultSpec): void;
  clearFaults(): void;
  /** Every later call of `service` answers after `ms` (0: at once); reset() clears it. */
  setLatency(service: ServiceName, ms: number): void;
  /** How long a received e-CF shows En Proceso before its verdict (0 to 60000 ms); reset() restores the start value. */
  setReceptionDelay(ms: number): void;
  receptionDelay(): number;
  /** Invalidates every token issued so far (a service then answers 401). */
  revokeTokens(): void;
  calls(): CallRecord[];
  callCounts(): Record<ServiceName, number>;
}

export function createAdmin(state: SimulatorState): SimulatorAdmin {
  const mutate = (change: () => void) => {
    change();
    state.persist();
  };
  return {
    reset: () => state.reset(),
    setDialect: (dialect) => {
      if (!isDialect(dialect)) {
        throw new Error(`Unknown dialect ${String(dialect)}; one of ${DIALECTS.join(", ")}`);
      }
      state.dialect = dialect;
    },
    dialect: () => state.dialect,
    authorizeRanges: ({ environment, rnc, ranges }) =>
      mutate(() => state.ledger.authorize(checkEnvironment(environment), rnc, ranges)),
    markIssued: ({ environment, rnc, ranges }) =>
      mutate(() => state.ledger.markIssued(checkEnvironment(environment), rnc, ranges)),
    registerDocument: (document) =>
      mutate(() => {
        checkEnvironment(document.environment);
        const stored = state.registry.registerDocument(document);
        if (stored.secuenciaUtilizada) {
          toNumericRange({ from: stored.encf, to: stored.encf });
          state.ledger.markIssued(stored.environment, stored.rnc, [{ from: stored.encf, to: stored.encf }]);
        }
      }),
    voidedRanges: (environment, rnc) => state.ledger.list(checkEnvironment(environment), rnc, "voided"),
    delegate: (delegation) => mutate(() => state.registry.delegate(delegation)),
    injectFault: (spec) => state.faults.inject(spec),
    clearFaults: () => state.faults.clear(),
    setLatency: (service, ms) => {
      if (!SERVICES.includes(service)) throw new Error(`Unknown service ${String(service)}`);
      if (!Number.isFinite(ms) || ms < 0 || ms > 60_000) throw new Error("latency must be 0 to 60000 ms");
      if (ms === 0) state.latency.delete(service);
      else state.latency.set(service, ms);
    },
    setReceptionDelay: (ms) => {
      if (!Number.isFinite(ms) || ms < 0 || ms > 60_000)
        throw new Error("reception delay must be 0 to 60000 ms");
      state.receptionDelayMs = ms;
    },
    receptionDelay: () => state.receptionDelayMs,
    revokeTokens: () => state.credentials.revokeAll(),
    calls: () => state.calls.slice(),
    ...statusAdminOf(state.serviceStatus),
    callCounts: () => state.callCounts(),
  };
}

function checkEnvironment(environment: string): Environment {
  if (!isEnvironment(environment)) throw new Error(`Unknown environment ${environment}`);
  return environment;
}

/** `/admin/...` over HTTP: JSON in, JSON out, 400 `{ message }` on bad input. */
export function handleAdminRequest(
  admin: SimulatorAdmin,
  method: string,
  path: string,
  url: URL,
  body: Buffer,
): Reply {
  try {
    const input = body.length > 0 ? (JSON.parse(body.toString("utf8")) as Record<string, unknown>) : {};
    const route = `${method} ${path}`;
    const done = jsonReply(200, { ok: true });
    const statusReply = handleStatusAdminRequest(admin, route, input);
    if (statusReply) return statusReply;
    switch (route) {
      case "POST /admin/reset":
        admin.reset();
        return done;
      case "POST /admin/authorized-ranges":
        admin.authorizeRanges(input as unknown as RangesInput);
        return done;
      case "POST /admin/issued-sequences":
        admin.markIssued(input as unknown as RangesInput);
        return done;
      case "POST /admin/documents":
        admin.registerDocument(input as unknown as SimulatedDocument);
        return done;
      case "GET /admin/voided-ranges":
        return jsonReply(200, {
          ranges: admin.voidedRanges(
            url.searchParams.get("environment") as Environment,
            url.searchParams.get("rnc") ?? "",
          ),
        });
      case "POST /admin/delegations":
        admin.delegate(input as unknown as Delegation);
        return done;
      case "GET /admin/dialect":
        return jsonReply(200, { dialect: admin.dialect() });
      case "POST /admin/dialect":
        admin.setDialect(input.dialect as Dialect);
        return done;
      case "POST /admin/faults":
        admin.injectFault(input as unknown as FaultSpec);
        return done;
      case "POST /admin/latency":
        admin.setLatency(input.service as ServiceName, Number(input.ms));
        return done;
      case "GET /admin/reception-delay":
        return jsonReply(200, { ms: admin.receptionDelay() });
      case "POST /admin/reception-delay":
        admin.setReceptionDelay(Number(input.ms));
        return done;
      case "DELETE /admin/faults":
        admin.clearFaults();
        return done;
      case "POST /admin/revoke-tokens":
        admin.revokeTokens();
        return done;
      case "GET /admin/calls":
        return jsonReply(200, { counts: admin.callCounts(), calls: admin.calls() });
      default:
        return jsonReply(404, { message: `Unknown admin operation ${route}` });
    }
  } catch (error) {
    return jsonReply(400, { message: error instanceof Error ? error.message : String(error) });
  }
}
