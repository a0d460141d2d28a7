import "server-only";

import { signXml } from "@/lib/server/platform/signing";
import { buildXmlMultipart } from "@/lib/server/platform/taxauth/multipart";
import { TaxAuthClient } from "@/lib/server/platform/taxauth/taxauth-client";
import { configFor, credentialFor } from "@/lib/server/platform/taxauth/test-support";
import { buildTestEcf, type TestEcfOptions } from "./test-ecf-fixtures";
import type { SimulatorHandle } from "./index";

/**
 * Helpers of the recepcion tests: e-CF signed by the app's signer with a generated certificate,
 * tokens from the real seed flow, and the three services called over HTTP as a client would.
 */
export interface ReceptionAnswer {
  status: number;
  body: string;
  json: () => Record<string, unknown>;
}

export function signedTestEcf(options: TestEcfOptions, signer = options.rnc): string {
  return signXml(buildTestEcf(options), credentialFor(signer));
}

export function receptionClient(simulator: SimulatorHandle) {
  const client = new TaxAuthClient(configFor(simulator));
  const tokens = new Map<string, string>();
  const token = async (rnc: string) => {
    let value = tokens.get(rnc);
    if (!value) {
      value = await client.getToken("TesteCF", rnc, credentialFor(rnc));
      tokens.set(rnc, value);
    }
    return value;
  };
  const call = async (path: string, init: RequestInit = {}): Promise<ReceptionAnswer> => {
    const response = await fetch(`${simulator.url}/testecf/${path}`, init);
    const body = await response.text();
    return { status: response.status, body, json: () => JSON.parse(body) as Record<string, unknown> };
  };

  return {
    client,
    token,
    /** POST recepcion with the `xml` part named RNCEmisor + e-NCF + ".xml" unless told otherwise. */
    async send(
      xml: string,
      options: { as: string; fileName?: string; path?: string; signal?: AbortSignal },
    ): Promise<ReceptionAnswer> {
      const rnc = /<RNCEmisor>(\d+)</.exec(xml)?.[1] ?? "";
      const encf = /<eNCF>([^<]+)</.exec(xml)?.[1] ?? "";
      const { body, contentType } = buildXmlMultipart(xml, options.fileName ?? `${rnc}${encf}.xml`);
      return call(options.path ?? "recepcion/api/facturaselectronicas", {
        method: "POST",
        headers: { "Content-Type": contentType, Authorization: `bearer ${await token(options.as)}` },
        body: new Uint8Array(body),
        signal: options.signal,
      });
    },
    async result(trackId: string, as: string): Promise<Record<string, unknown>> {
      const answer = await call(`consultaresultado/api/consultas/estado?trackid=${trackId}`, {
        headers: { Authorization: `bearer ${await token(as)}` },
      });
      return answer.json();
    },
    async trackIds(rnc: string, encf: string, as = rnc): Promise<unknown> {
      const answer = await call(`consultatrackids/api/trackids/consulta?rncemisor=${rnc}&encf=${encf}`, {
        headers: { Authorization: `bearer ${await token(as)}` },
      });
      return JSON.parse(answer.body);
    },
    /** Polls consultaresultado until the e-CF leaves En Proceso (or `withinMs` passes). */
    async verdict(trackId: string, as: string, withinMs = 2000): Promise<Record<string, unknown>> {
      const until = Date.now() + withinMs;
      for (;;) {
        const answer = await this.result(trackId, as);
        if (answer.codigo !== 3 || Date.now() > until) return answer;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => client.close(),
  };
}
