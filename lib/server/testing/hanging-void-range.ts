/**
 * The range the hanging-void child voids (three numbers the demo company never issued: its seeded
 * e-CF are E31…1–3, which the ledger refuses). Tests that send the same void again, or read its
 * signed XML, use this one constant.
 */
export const HANGING_VOID_RANGE = {
  secuenciaDesde: "E310000000901",
  secuenciaHasta: "E310000000903",
} as const;
