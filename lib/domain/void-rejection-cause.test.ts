import { describe, expect, it } from "vitest";

import { BAD_SIGNATURE_MESSAGE, DELEGATION_MESSAGE, voidRejectionCause } from "./void-rejection-cause";

describe("voidRejectionCause", () => {
  it("reads DGII's delegation and signature messages, word for word or with a detail after a colon", () => {
    expect(voidRejectionCause([DELEGATION_MESSAGE])).toBe("certificate");
    expect(voidRejectionCause([`${DELEGATION_MESSAGE}: 130000001`])).toBe("certificate");
    expect(voidRejectionCause([`  ${BAD_SIGNATURE_MESSAGE}  `])).toBe("certificate");
    expect(voidRejectionCause(["Otro motivo", BAD_SIGNATURE_MESSAGE])).toBe("certificate");
  });

  it("says nothing for the ranges' messages, an empty answer or a text that only contains the words", () => {
    expect(voidRejectionCause([])).toBeNull();
    expect(voidRejectionCause(["Las secuencias que está intentando anular han sido utilizadas"])).toBeNull();
    expect(voidRejectionCause([`No: ${BAD_SIGNATURE_MESSAGE}`])).toBeNull();
    expect(voidRejectionCause([`${BAD_SIGNATURE_MESSAGE} en otro documento`])).toBeNull();
  });
});
