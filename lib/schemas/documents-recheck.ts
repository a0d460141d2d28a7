import { z } from "zod";

import { readEncf } from "@/lib/domain/encf";

/**
 * The portal's "Consultar de nuevo en la DGII": one e-NCF of the portal's environment, as typed or as
 * a result card shows it. The company and environment come from the session, never from the input.
 */
export const documentRecheckSchema = z.object({
  ecf: z
    .string()
    .max(40)
    .transform((value) => value.trim().toUpperCase())
    .refine((value) => typeof readEncf(value) !== "string", {
      message: "El e-NCF no es válido: 13 posiciones, una letra de serie y 12 dígitos.",
    }),
});

export type DocumentRecheckInput = z.input<typeof documentRecheckSchema>;
