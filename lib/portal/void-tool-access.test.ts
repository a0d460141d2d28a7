import { describe, expect, it } from "vitest";

import { en } from "@/lib/i18n/en";
import { es } from "@/lib/i18n/es";

import { voidToolDeniedSentences } from "./void-tool-access";

describe("the void tool, refused: the person's real role", () => {
  it("tells an approver-only user they are an approver, and what approvers do, never 'Consulta'", () => {
    const sentences = voidToolDeniedSentences(["approver"], es);
    expect(sentences[0]).toContain("(Aprobador)");
    expect(sentences[0]).toContain("no anular");
    expect(sentences.join(" ")).not.toContain("Consulta");
    expect(sentences).toContain(es.voidTool.deniedCan.approver);
  });

  it("tells a viewer 'Consulta', and an administrator and approver both roles (es, en)", () => {
    expect(voidToolDeniedSentences(["viewer"], es)).toEqual([expect.stringContaining("(Consulta)")]);
    const both = voidToolDeniedSentences(["approver", "administrator"], en);
    expect(both[0]).toContain("(Administrator, Approver)");
    expect(both.slice(1)).toEqual([en.voidTool.deniedCan.administrator, en.voidTool.deniedCan.approver]);
  });
});
