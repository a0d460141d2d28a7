import { createAnulaClient, type VoidRequest } from "../packages/client/src";
import { BASE_URL, DEMO, demoApiKey, expect, freshRange, simulatorAdmin, test } from "./fixtures";

/**
 * The typed client (packages/client) against the BUILT app and its embedded DGII simulator: what an
 * integrator's code does with it. No browser: the client speaks HTTP with Node's fetch.
 */
const anularrangoCalls = async () =>
  ((await simulatorAdmin("/admin/calls", undefined, "GET")) as { counts: { anularrango: number } }).counts
    .anularrango;

const oneRange = (type: string): VoidRequest => {
  const range = freshRange(type, 2);
  return { ranges: [{ secuenciaDesde: range.desde, secuenciaHasta: range.hasta }] };
};

test.describe("packages/client on the built app", () => {
  test("sign-in, a void whose answer is lost resent with its key, paging, status, typed errors", async () => {
    const started = Date.now();
    // The first answer to a void is lost on the way back (the app has stored and sent it): the
    // client's own retry must carry the same Idempotency-Key and get the same voidId, one send.
    let loseNextVoidAnswer = true;
    const lossyFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const request = input instanceof Request ? input : new Request(input, init);
      if (loseNextVoidAnswer && request.method === "POST" && request.url.endsWith("/customer/void-ncf")) {
        loseNextVoidAnswer = false;
        await response.arrayBuffer();
        throw new TypeError("fetch failed (answer lost in the test)");
      }
      return response;
    };
    const client = createAnulaClient({
      baseUrl: BASE_URL,
      environment: "TesteCF",
      credentials: { via: "customer/authentication", email: DEMO.email, password: DEMO.password },
      apiKey: demoApiKey(),
      fetch: lossyFetch,
      retry: { baseDelayMs: 100 },
    });

    const signedIn = await client.signIn();
    expect(signedIn.error).toBeUndefined();
    expect(signedIn.data?.refreshToken).toBeTruthy();

    const sendsBefore = await anularrangoCalls();
    const request = oneRange("32");
    const first = await client.void(request);
    expect(first.error).toBeUndefined();
    expect(first.data).toMatchObject({ status: "Aceptado", rnc: DEMO.rnc, totalVoided: 2 });
    expect(loseNextVoidAnswer).toBe(false);
    expect(await anularrangoCalls()).toBe(sendsBefore + 1);
    const voidId = (first.data as { voidId: string }).voidId;

    // The caller resending the same logical void with the key it was given: the same attempt, no send.
    const again = await client.void(request, { idempotencyKey: first.idempotencyKey });
    expect(again.data).toMatchObject({ voidId, status: "Aceptado" });
    expect(await anularrangoCalls()).toBe(sendsBefore + 1);

    // Two more voids, then every one of them across pages of one item, newest first.
    const second = await client.void(oneRange("33"));
    const third = await client.void(oneRange("34"));
    const ours = [third, second, first].map((result) => (result.data as { voidId: string }).voidId);
    let pages = 0;
    const listed: string[] = [];
    for await (const page of client.listVoidPages({ limit: 1, fromDate: started })) {
      pages++;
      listed.push(...page.items.map((item) => item.voidId));
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(listed.filter((id) => ours.includes(id))).toEqual(ours);
    const iterated: string[] = [];
    for await (const record of client.listVoids({ limit: 2, fromDate: started }))
      iterated.push(record.voidId);
    expect(iterated).toEqual(listed);

    // One attempt, its signed XML.
    expect((await client.getVoid(voidId)).data).toMatchObject({ voidId, status: "Aceptado" });
    expect((await client.getVoidXml(voidId)).data).toContain(
      '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">',
    );

    // Documents: single and batch status (the demo account's documents).
    expect((await client.getDocument("E310000000001")).data).toMatchObject({
      ncf: "E310000000001",
      customerId: DEMO.rnc,
    });
    const batch = await client.getDocumentsStatus(["E310000000001", "E319999999999"]);
    expect(batch.data?.total).toBe(2);
    expect(batch.data?.results.map((result) => [result.ecf, result.found])).toEqual([
      ["E310000000001", true],
      ["E319999999999", false],
    ]);

    // Errors are values with the API's code.
    const reversed = await client.void({
      ranges: [{ secuenciaDesde: "E310000000009", secuenciaHasta: "E310000000001" }],
    });
    expect(reversed.error).toMatchObject({ code: "INVALID_RANGE_ORDER", status: 400 });
    expect(reversed.error?.idempotencyKey).toBe(reversed.idempotencyKey);
    const unknown = await client.getVoid("00000000-0000-7000-8000-000000000000");
    expect(unknown.error).toMatchObject({ code: "VOID_NOT_FOUND", status: 404 });
    expect((await client.getDocument("E310000099999")).error).toMatchObject({
      code: "DOCUMENT_NOT_FOUND",
      status: 404,
    });
  });

  test("POST /auth/token sign-in; a refused idToken is renewed with the refreshToken, once", async () => {
    const viaToken = createAnulaClient({
      baseUrl: BASE_URL,
      environment: "TesteCF",
      credentials: { via: "auth/token", username: DEMO.email, password: DEMO.password },
    });
    expect((await viaToken.listVoidsPage({ limit: 1 })).data?.metadata.itemsPerPage).toBe(1);

    const mseller = createAnulaClient({
      baseUrl: BASE_URL,
      environment: "TesteCF",
      credentials: { via: "customer/authentication", email: DEMO.email, password: DEMO.password },
    });
    const { refreshToken } = (await mseller.signIn()).data!;
    // A client started from saved tokens whose idToken the server no longer takes: 401 → refresh → resend.
    const resumed = createAnulaClient({
      baseUrl: BASE_URL,
      environment: "TesteCF",
      idToken: "not-a-valid-token",
      refreshToken,
    });
    expect((await resumed.listVoidsPage({ limit: 1 })).error).toBeUndefined();
    const newest = resumed.tokens()!.refreshToken;
    expect(newest).toBeTruthy();
    expect(newest).not.toBe(refreshToken);

    const wrong = createAnulaClient({
      baseUrl: BASE_URL,
      environment: "TesteCF",
      credentials: { via: "auth/token", username: DEMO.email, password: "wrong-password" },
    });
    expect((await wrong.listVoidsPage()).error).toMatchObject({ code: "INVALID_CREDENTIALS", status: 401 });
  });
});
