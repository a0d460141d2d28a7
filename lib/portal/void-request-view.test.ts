import { describe, expect, it } from "vitest";

import { VOID_REQUEST_STATUSES } from "@/lib/domain/void-requests";
import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";

import { requestCheckSentences, requestChecksNote, requestXmlNote } from "./void-request-view";

const d = es.approvals.detail;
const e31 = { tipoeCF: "31", secuenciaDesde: "E310000000001" };
const e32 = { tipoeCF: "32", secuenciaDesde: "E320000000001" };
const outside = [{ code: "OUTSIDE_AUTHORIZATION" }];

describe("a void request's checks claim only what was checked", () => {
  it("says the ranges are inside the authorizations only when every type had some and none is outside", () => {
    expect(requestCheckSentences({ warnings: [], unauthorized: [] }, [e31, e32], d)).toEqual([
      d.checksNotUsed,
      d.checksAllInside,
    ]);
  });

  it("with no authorization entered, names the types it could not check and claims nothing about them (es, en)", () => {
    const sentences = requestCheckSentences({ warnings: [], unauthorized: ["E31", "E32"] }, [e31, e32], d);
    expect(sentences).toEqual([
      d.checksNotUsed,
      "No hay autorizaciones de la DGII registradas para E31, E32: esos rangos no se compararon con ninguna autorización.",
    ]);
    expect(sentences.join(" ")).not.toContain("dentro de las autorizaciones");
    const english = requestCheckSentences(
      { warnings: [], unauthorized: ["E31"] },
      [e31],
      en.approvals.detail,
    );
    expect(english.join(" ")).toContain("No DGII authorization is entered for E31");
    expect(english.join(" ")).not.toContain(en.approvals.detail.checksAllInside);
  });

  it("when some types had authorizations, says the others are inside them only if no range is outside", () => {
    expect(requestCheckSentences({ warnings: [], unauthorized: ["E32"] }, [e31, e32], d)).toEqual([
      d.checksNotUsed,
      expect.stringContaining("E32"),
      d.checksRestInside,
    ]);
    expect(requestCheckSentences({ warnings: outside, unauthorized: ["E32"] }, [e31, e32], d)).toEqual([
      d.checksNotUsed,
      expect.stringContaining("E32"),
    ]);
    expect(requestCheckSentences({ warnings: outside, unauthorized: [] }, [e31], d)).toEqual([
      d.checksNotUsed,
    ]);
  });

  it("a request stored before the unchecked types were kept makes no claim about authorizations", () => {
    expect(requestCheckSentences({ warnings: [] }, [e31], d)).toEqual([d.checksNotUsed]);
  });

  it("promises the checks run again at approval only while the request waits", () => {
    expect(requestChecksNote("Pendiente", d)).toBe(d.checksNote);
    for (const status of ["Rechazada", "Vencida", "Aprobada", "Enviada"] as const) {
      expect(requestChecksNote(status, d)).toBe(d.checksNoteFinal);
    }
  });
});

describe("the XML preview's note follows the request's status", () => {
  it('"se firmará al aprobar" only while it waits; never for a rejected or expired request', () => {
    expect(requestXmlNote("Pendiente", false, d, es.voidTool.preview.note)).toBe(d.xmlNote);
    expect(requestXmlNote("Pendiente", true, d, es.voidTool.preview.note)).toBe(es.voidTool.preview.note);
    for (const status of ["Rechazada", "Vencida"] as const) {
      for (const fechaGiven of [false, true]) {
        const note = requestXmlNote(status, fechaGiven, d, es.voidTool.preview.note);
        expect(note).toBe(d.xmlNoteNotSigned);
        expect(note).not.toContain("se firmará");
      }
    }
    expect(requestXmlNote("Enviada", false, d, es.voidTool.preview.note)).toBe(d.xmlNoteSent);
    for (const status of VOID_REQUEST_STATUSES) {
      expect(requestXmlNote(status, false, en.approvals.detail, en.voidTool.preview.note)).toBeTruthy();
    }
  });
});
