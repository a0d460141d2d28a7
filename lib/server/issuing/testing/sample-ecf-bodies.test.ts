import { describe, expect, it } from "vitest";
import { SAMPLE_ECF_BODIES } from "@/lib/server/issuing/testing/sample-ecf-bodies";
import { checkEcfRules } from "@/lib/domain/ecf-rules";

// The issuing feature's sample bodies (one per type) are what its tests send: they must pass DGII's
// rules too, or the endpoint would refuse its own examples.
describe("the issuing samples", () => {
  it.each(Object.entries(SAMPLE_ECF_BODIES))("type %s passes every rule", (_, body) => {
    expect(checkEcfRules(body.ECF, { today: "2026-12-01" })).toEqual([]);
  });
});
