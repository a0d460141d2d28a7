import { expect } from "vitest";

import type { EcfValidationError } from "@/lib/domain/ecf-validation";
import { sampleEcfBody } from "@/lib/server/issuing/testing/sample-ecf-bodies";

import { buildEcfXml } from "../walk-ecf";

export const FIRMA = { fechaHoraFirma: "01-12-2026 10:15:00" };
export type Json = Record<string, unknown>;

/** The object at a dotted path of a body (`ECF.Encabezado.IdDoc`), to change it in place. */
export function at(body: Json, path: string): Json {
  return path.split(".").reduce<Json>((node, key) => node[key] as Json, body);
}

export function xmlOf(...args: Parameters<typeof buildEcfXml>): string {
  const result = buildEcfXml(...args);
  if (!result.ok) throw new Error(JSON.stringify(result.errors, null, 2));
  return result.xml;
}

export function errorsOf(...args: Parameters<typeof buildEcfXml>): EcfValidationError[] {
  const result = buildEcfXml(...args);
  if (result.ok) throw new Error(`expected errors, built ${result.xml}`);
  return result.errors;
}

/** A sample 31 changed by `change`, and the one error it must produce. */
export function onlyError(change: (body: Json) => void): EcfValidationError {
  const body = sampleEcfBody("31");
  change(body);
  const errors = errorsOf("31", body, FIRMA);
  expect(errors).toHaveLength(1);
  return errors[0]!;
}
