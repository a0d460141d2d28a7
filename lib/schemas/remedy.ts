import { z } from "zod";

import { readEncf } from "@/lib/domain/encf";
import { REMEDY_CHECKS, type Remedy } from "@/lib/domain/remedy";
import { AppError } from "@/lib/errors";

/**
 * GET /{environment}/secuencias/{encf}/remedio (extension): the path's e-NCF, and the answer's shape
 * (lib/domain/remedy.ts decides it) for the OpenAPI document and the tests.
 */

/** The path's e-NCF: E–Z (not P) + a type of e-CF + 10 digits, not zero. */
export const remedyPathSchema = z.object({
  encf: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .refine((value) => typeof readEncf(value) !== "string", {
      message: "debe ser un e-NCF válido (serie E–Z sin P, tipo de e-CF, 10 dígitos, no cero)",
    }),
});

/** 400 INVALID_ECF naming the problem, or the e-NCF in its canonical form. */
export function parseRemedyPath(params: { encf?: string }): string {
  const parsed = remedyPathSchema.safeParse({ encf: params.encf ?? "" });
  if (parsed.success) return parsed.data.encf;
  const problem = readEncf((params.encf ?? "").trim().toUpperCase());
  throw new AppError(
    "INVALID_ECF",
    `El e-NCF "${(params.encf ?? "").slice(0, 40)}" no es válido: ${parsed.error.issues[0]!.message}.`,
    {
      errors: [
        {
          field: "encf",
          code: typeof problem === "string" ? problem : "INVALID_ECF",
          message: parsed.error.issues[0]!.message,
        },
      ],
    },
  );
}

const epochMs = z.number().int().describe("Epoch milliseconds");
const encf = z.string().length(13);

const check = z.object({
  check: z.enum(REMEDY_CHECKS),
  result: z
    .string()
    .describe(
      "ledger: held | not-held; voids: voided | unknown-outcome | none; void-requests: open | none; dgii: listed | " +
        "absent | not-asked | in-ledger (the held document's own DGII answers); coverage-mark, quiet-period: passed | " +
        "failed | not-made; skip-proof: salto | vencida | failed | not-made",
    ),
  at: epochMs.nullable().describe("When the fact was read (DGII: when it was asked); null: never"),
  reason: z
    .string()
    .optional()
    .describe(
      "DGII not asked: NOT_ASKABLE, TAXAUTH_TIMEOUT, TAXAUTH_UNAVAILABLE, RATE_LIMITED; a safety rule: " +
        "NO_COVERAGE_MARK, COVERAGE_MARK, QUIET_PERIOD, NOT_SKIPPED; ledger/dgii in-ledger: the document's source",
    ),
  message: z.string().optional().describe("Why DGII could not be asked, in its lookup's words"),
});

const base = {
  encf,
  checkedAt: epochMs,
  checks: z.array(check).describe("What was checked, in order, and when"),
};

const creditNote = z.object({
  tipoeCF: z.literal("34"),
  NCFModificado: encf,
  FechaNCFModificado: z
    .string()
    .nullable()
    .describe("The original's FechaEmision, dd-MM-yyyy; null: not known"),
  CodigoModificacion: z.literal(1).describe("1: total cancellation"),
  IndicadorNotaCredito: z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .describe("For a note issued today: 0 within 30 days of the original, 1 after (ITBIS not refunded)"),
  daysSinceOriginal: z.number().int().nullable(),
});

const creditNoteRef = z.object({ encf, status: z.string(), total: z.string().nullable() });

export const remedySchema = z
  .discriminatedUnion("kind", [
    z.object({ ...base, kind: z.literal("void"), proven: z.enum(["salto", "vencida"]) }),
    z.object({
      ...base,
      kind: z.literal("credit-note"),
      estado: z.string(),
      creditNote,
      amount: z.object({
        original: z.string().nullable(),
        credited: z.string(),
        remaining: z
          .string()
          .nullable()
          .describe("What a credit note may still credit; null when an amount is not known"),
        creditNotes: z.array(creditNoteRef).describe("Credit notes issued here that modify it"),
      }),
    }),
    z.object({ ...base, kind: z.literal("reissue"), estado: z.string() }),
    z.object({ ...base, kind: z.literal("reissue-replace"), estado: z.string() }),
    z.object({
      ...base,
      kind: z.literal("wait"),
      waitingFor: z.enum(["dgii-verdict", "dgii-reception", "person", "void-approval"]),
      askAgainAt: epochMs.nullable(),
      reviewReason: z.string().optional(),
      requestId: z.string().optional(),
    }),
    z.object({ ...base, kind: z.literal("voided"), voidId: z.string().nullable() }),
    z.object({ ...base, kind: z.literal("settle-void"), voidId: z.string() }),
    z.object({
      ...base,
      kind: z.literal("unknown"),
      confirmIn: z.literal("erp"),
      unmet: z.array(z.object({ check: z.enum(REMEDY_CHECKS), reason: z.string() })),
    }),
  ])
  .meta({
    example: {
      encf: "E310000000005",
      checkedAt: 1796000000000,
      kind: "unknown",
      confirmIn: "erp",
      unmet: [{ check: "dgii", reason: "NOT_ASKABLE" }],
      checks: [
        { check: "ledger", result: "not-held", at: 1796000000000 },
        { check: "voids", result: "none", at: 1796000000000 },
        { check: "void-requests", result: "none", at: 1796000000000 },
        {
          check: "dgii",
          result: "not-asked",
          at: 1796000000000,
          reason: "NOT_ASKABLE",
          message: "La DGII no ofrece la consulta de trackId (consultatrackids) en CerteCF.",
        },
        { check: "coverage-mark", result: "passed", at: 1796000000000 },
        { check: "quiet-period", result: "passed", at: 1796000000000 },
        { check: "skip-proof", result: "salto", at: 1796000000000 },
      ],
    },
  });

// Compile-time: every answer the domain gives fits the documented shape.
const remedyFits: (remedy: Remedy) => z.infer<typeof remedySchema> = (remedy) => remedy;
void remedyFits;
