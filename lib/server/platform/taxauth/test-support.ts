import "server-only";

import { loadPkcs12, signXml, type SigningCredential } from "@/lib/server/platform/signing";
import { generatePkcs12 } from "@/lib/server/platform/signing/generate-pkcs12";
import { startTaxAuthSimulator, type SimulatorHandle } from "@/lib/taxauth-simulator";
import type { TaxAuthConfig } from "./config";
import { DGII_PATH_SEGMENT, ENVIRONMENTS, type Environment } from "@/lib/domain/environments";

/**
 * Test helpers shared by the client and simulator tests: a credential per RNC, ANECF documents
 * built by plain strings (independent of lib/domain/anecf-xml.ts), and a simulator on 127.0.0.1:0.
 */

const credentials = new Map<string, SigningCredential>();

export function credentialFor(
  rnc: string,
  options: { notAfter?: Date; notBefore?: Date } = {},
): SigningCredential {
  const key = `${rnc}|${options.notBefore?.getTime()}|${options.notAfter?.getTime()}`;
  let credential = credentials.get(key);
  if (!credential) {
    const password = "prueba";
    credential = loadPkcs12(generatePkcs12({ rnc, password, ...options }).p12, password);
    credentials.set(key, credential);
  }
  return credential;
}

export interface TestBlock {
  tipo: string;
  ranges: Array<[desde: string, hasta: string]>;
  /** Defaults to the real count. */
  cantidad?: number;
  noLinea?: string;
}

export function countOf(desde: string, hasta: string): number {
  return Number(hasta.slice(3)) - Number(desde.slice(3)) + 1;
}

/** A compact, unsigned ANECF; counts are computed unless overridden. */
export function buildTestAnecf(
  rnc: string,
  blocks: TestBlock[],
  options: { total?: number; version?: string } = {},
) {
  let total = 0;
  const details = blocks.map((block, index) => {
    const count = block.ranges.reduce((sum, [desde, hasta]) => sum + countOf(desde, hasta), 0);
    total += count;
    const ranges = block.ranges
      .map(
        ([desde, hasta]) =>
          `<Secuencias><SecuenciaeNCFDesde>${desde}</SecuenciaeNCFDesde><SecuenciaeNCFHasta>${hasta}</SecuenciaeNCFHasta></Secuencias>`,
      )
      .join("");
    return (
      `<Anulacion><NoLinea>${block.noLinea ?? index + 1}</NoLinea><TipoeCF>${block.tipo}</TipoeCF>` +
      `<TablaRangoSecuenciasAnuladaseNCF>${ranges}</TablaRangoSecuenciasAnuladaseNCF>` +
      `<CantidadeNCFAnulados>${block.cantidad ?? count}</CantidadeNCFAnulados></Anulacion>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?><ANECF><Encabezado><Version>${options.version ?? "1.0"}</Version>` +
    `<RncEmisor>${rnc}</RncEmisor><CantidadeNCFAnulados>${options.total ?? total}</CantidadeNCFAnulados>` +
    `<FechaHoraAnulacioneNCF>01-02-2025 10:30:00</FechaHoraAnulacioneNCF></Encabezado>` +
    `<DetalleAnulacion>${details.join("")}</DetalleAnulacion></ANECF>`
  );
}

export function signedTestAnecf(rnc: string, blocks: TestBlock[], credential = credentialFor(rnc)): string {
  return signXml(buildTestAnecf(rnc, blocks), credential);
}

export async function startTestSimulator(): Promise<SimulatorHandle> {
  return startTaxAuthSimulator({ port: 0, host: "127.0.0.1", adminEnabled: true });
}

export function configFor(
  simulator: Pick<SimulatorHandle, "url">,
  overrides: Partial<TaxAuthConfig> = {},
): TaxAuthConfig {
  const baseUrls = Object.fromEntries(
    ENVIRONMENTS.map((environment) => [environment, `${simulator.url}/${DGII_PATH_SEGMENT[environment]}`]),
  ) as Record<Environment, string>;
  return { mode: "simulator", baseUrls, connectTimeoutMs: 2000, responseTimeoutMs: 3000, ...overrides };
}
