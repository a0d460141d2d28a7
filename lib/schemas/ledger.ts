import { z } from "zod";

/** The sequence ledger's REST shapes (extension), for the OpenAPI document. */

const encf = z.string().length(13).describe("An e-NCF, e.g. E310000000001");

export const sequenceAuthorizationRequestSchema = z
  .strictObject({
    secuenciaDesde: encf.describe("First e-NCF of the range DGII authorized"),
    secuenciaHasta: encf.describe("Last e-NCF (same series and type)"),
    fechaAutorizacion: z.string().describe("dd-MM-yyyy"),
    fechaVencimiento: z
      .string()
      .nullable()
      .optional()
      .describe("dd-MM-yyyy; default 31 December of the following year; none (refused) for types 32 and 34"),
    nota: z.string().max(500).nullable().optional(),
  })
  .meta({
    example: {
      secuenciaDesde: "E310000000001",
      secuenciaHasta: "E310000010000",
      fechaAutorizacion: "15-01-2026",
      nota: "Solicitud OFV 2026-01",
    },
  });

export const sequenceAuthorizationSchema = z
  .object({
    id: z.string(),
    serie: z.string(),
    tipoeCF: z.string(),
    secuenciaDesde: encf,
    secuenciaHasta: encf,
    cantidad: z.number().int(),
    fechaAutorizacion: z.string(),
    fechaVencimiento: z.string().nullable(),
    nota: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.number().int(),
  })
  .meta({
    example: {
      id: "019ab2c0-0000-7000-8000-000000000001",
      serie: "E",
      tipoeCF: "31",
      secuenciaDesde: "E310000000001",
      secuenciaHasta: "E310000010000",
      cantidad: 10000,
      fechaAutorizacion: "15-01-2026",
      fechaVencimiento: "31-12-2027",
      nota: "Solicitud OFV 2026-01",
      createdBy: "ana@empresa.do (API)",
      createdAt: 1768500000000,
    },
  });

export const sequenceAuthorizationListSchema = z.object({
  authorizations: z.array(sequenceAuthorizationSchema),
});

const alertSchema = z.object({
  code: z.enum(["LOW_AVAILABLE", "EXPIRING", "EXPIRED_UNUSED"]),
  message: z.string(),
  available: z.number().int().optional(),
  days: z.number().int().optional(),
});

const isoDay = z.string().describe("yyyy-MM-dd (Santo Domingo)");

/** The series+type's use: what the forecast of its authorizations is computed from. */
const typeUseSchema = z
  .object({
    historyDays: z.number().int().describe("Whole days since the type's first used number"),
    enoughHistory: z.boolean().describe("false under 30 days of history: no pace and no forecast"),
    pace30: z
      .number()
      .nullable()
      .describe("Numbers used per day over the last 30 whole days (today excluded)"),
    pace90: z
      .number()
      .nullable()
      .describe("Numbers used per day over the last 90 whole days (or the history, when shorter)"),
    daily: z.array(z.number().int()).describe("Numbers used on each of the last 90 whole days, oldest first"),
  })
  .describe("Extension: the series+type's use (issued and imported documents, by their issue day)");

const authorizationForecastSchema = z
  .object({
    status: z
      .enum(["forecast", "not_enough_history", "expired", "depleted"])
      .describe("not_enough_history: under 30 days of the type's history, nothing is guessed"),
    runsOutOn: isoDay
      .nullable()
      .describe("The day its last number is used at the 30-day pace; null: not before it expires"),
    requestBy: isoDay
      .nullable()
      .describe("The day to request the next authorization: the lead time before it runs out or expires"),
    unusedAtExpiry: z.number().int().nullable().describe("Numbers forecast to be still free when it expires"),
    unusedPercent: z.number().nullable().describe("unusedAtExpiry as a percent of cantidad"),
    requestByNear: z
      .boolean()
      .describe("requestBy is within 7 days or passed (sequence.forecast_request_by)"),
    tooLarge: z
      .boolean()
      .describe("More than the company's share is forecast unused at expiry (sequence.forecast_unused)"),
  })
  .describe(
    "Extension: the forecast at the series+type's 30-day pace; the type's authorizations are used in number order",
  );

export const sequenceInventorySchema = z
  .object({
    coverageMark: z.number().int().nullable().describe("The import-coverage mark (epoch ms), if set"),
    generatedAt: z.number().int(),
    unknownOutcomesTruncated: z.boolean(),
    forecastSettings: z
      .object({
        leadDays: z
          .number()
          .int()
          .describe("Days before the numbers are needed to request the next authorization"),
        unusedPercent: z
          .number()
          .int()
          .describe("Share of an authorization forecast unused that raises the alert"),
      })
      .describe("The company's forecast settings in this environment (defaults 15 days and 20 %)"),
    types: z.array(
      z.object({
        serie: z.string(),
        tipoeCF: z.string(),
        issued: z.number().int(),
        voided: z.number().int(),
        unknown: z.number().int().describe("Numbers in voids whose outcome is unknown (Error)"),
        highestIssued: encf.nullable(),
        outsideAuthorizations: z.object({ issued: z.number().int(), voided: z.number().int() }),
        use: typeUseSchema,
        authorizations: z.array(
          sequenceAuthorizationSchema.extend({
            issued: z.number().int(),
            voided: z.number().int(),
            unknown: z.number().int(),
            available: z.number().int().describe("cantidad − issued − voided − unknown"),
            highestIssued: encf.nullable(),
            nextFree: encf.nullable(),
            expired: z.boolean(),
            alerts: z.array(alertSchema),
            forecast: authorizationForecastSchema,
          }),
        ),
      }),
    ),
  })
  .meta({
    example: {
      coverageMark: 1768800000000,
      generatedAt: 1768900000000,
      unknownOutcomesTruncated: false,
      forecastSettings: { leadDays: 15, unusedPercent: 20 },
      types: [
        {
          serie: "E",
          tipoeCF: "31",
          issued: 9500,
          voided: 20,
          unknown: 0,
          highestIssued: "E310000009530",
          outsideAuthorizations: { issued: 0, voided: 0 },
          use: {
            historyDays: 400,
            enoughHistory: true,
            pace30: 24,
            pace90: 22.5,
            daily: Array.from({ length: 90 }, (_, i) => (i < 60 ? 22 : 24)),
          },
          authorizations: [
            {
              id: "019ab2c0-0000-7000-8000-000000000001",
              serie: "E",
              tipoeCF: "31",
              secuenciaDesde: "E310000000001",
              secuenciaHasta: "E310000010000",
              cantidad: 10000,
              fechaAutorizacion: "15-01-2026",
              fechaVencimiento: "31-12-2027",
              nota: null,
              createdBy: "ana@empresa.do (API)",
              createdAt: 1768500000000,
              issued: 9500,
              voided: 20,
              unknown: 0,
              available: 480,
              highestIssued: "E310000009530",
              nextFree: "E310000009531",
              expired: false,
              alerts: [
                {
                  code: "LOW_AVAILABLE",
                  available: 480,
                  message: "Quedan 480 números disponibles (10 % o menos).",
                },
              ],
              forecast: {
                status: "forecast",
                runsOutOn: "2026-02-09",
                requestBy: "2026-01-25",
                unusedAtExpiry: 0,
                unusedPercent: 0,
                requestByNear: true,
                tooLarge: false,
              },
            },
          ],
        },
      ],
    },
  });

export const sequenceGapsSchema = z
  .object({
    gaps: z.array(
      z.object({
        kind: z.enum(["salto", "vencida", "cierre"]),
        serie: z.string(),
        tipoeCF: z.string(),
        secuenciaDesde: encf,
        secuenciaHasta: encf,
        cantidad: z.number().int(),
        authorizationId: z.string().nullable(),
        checked: z.object({
          coverageMark: z.number().int(),
          quietPeriodHours: z.number().int(),
          higherIssued: encf.nullable(),
          higherIssuedAt: z.number().int().nullable(),
          higherIssuedAtKnown: z
            .boolean()
            .nullable()
            .describe(
              "true: higherIssuedAt is the e-CF's issue date (its createdAt, fechaFirma or fechaEmision, or DGII's reception); " +
                "false: the import gave none, so it is the import's time and the quiet period counted from it",
            ),
          issuedExcluded: z.literal(true),
          voidedExcluded: z.literal(true),
          unknownOutcomeExcluded: z.literal(true),
          expiredOn: z.string().optional(),
          closingFrom: encf.optional(),
        }),
        deadline: z
          .object({
            since: z
              .number()
              .int()
              .nullable()
              .describe(
                "When the gap exists (epoch ms): a skip's higherIssuedAt, the end of an expired authorization's " +
                  "last day (Santo Domingo); null for a closing, a person's choice",
              ),
            ageDays: z
              .number()
              .int()
              .nullable()
              .describe("Whole days since then (0 the first day); null: a closing"),
            deadlineAt: z
              .number()
              .int()
              .nullable()
              .describe(
                "When the company wants it voided by (GET …/emisor/plazos gapWindowDays); null: no window",
              ),
            state: z
              .enum(["none", "running", "approaching", "missed"])
              .describe(
                "none without a window; approaching past the company's share (sequence.gap_deadline_approaching); " +
                  "missed past the deadline (sequence.gap_deadline_missed). No rule we know sets such a deadline: " +
                  "it is the company's own",
              ),
          })
          .describe("Extension: the gap's age and, where the company set one, its deadline to void it"),
      }),
    ),
    nextToken: z.string().optional(),
    checks: z.object({
      coverageMark: z.number().int().nullable(),
      quietPeriodHours: z.number().int(),
      cutoff: z.number().int().nullable(),
      withheld: z.array(
        z.object({
          serie: z.string(),
          tipoeCF: z.string(),
          reason: z.enum(["NO_COVERAGE_MARK", "QUIET_PERIOD"]),
          highestIssued: encf.nullable(),
          message: z.string(),
        }),
      ),
      unknownOutcomesTruncated: z.boolean(),
    }),
  })
  .meta({
    example: {
      gaps: [
        {
          kind: "salto",
          serie: "E",
          tipoeCF: "31",
          secuenciaDesde: "E310000000103",
          secuenciaHasta: "E310000000104",
          cantidad: 2,
          authorizationId: "019ab2c0-0000-7000-8000-000000000001",
          checked: {
            coverageMark: 1768800000000,
            quietPeriodHours: 72,
            higherIssued: "E310000009200",
            higherIssuedAt: 1768500000000,
            higherIssuedAtKnown: true,
            issuedExcluded: true,
            voidedExcluded: true,
            unknownOutcomeExcluded: true,
          },
          deadline: { since: 1768500000000, ageDays: 12, deadlineAt: 1771092000000, state: "running" },
        },
      ],
      nextToken: "WyJFMzEiLDAsMjAwXQ",
      checks: {
        coverageMark: 1768800000000,
        quietPeriodHours: 72,
        cutoff: 1768540800000,
        withheld: [],
        unknownOutcomesTruncated: false,
      },
    },
  });

export const sequenceGapsQuerySchema = z.object({
  limit: z.string().optional().describe("1–1000, default 100"),
  nextToken: z.string().optional().describe("From the previous page"),
  cierreDesde: z
    .string()
    .optional()
    .describe(
      "Closing a range: also propose the unused numbers from this e-NCF to the end of its authorization",
    ),
});

export const noContentSchema = z.null().describe("No content (204)");
