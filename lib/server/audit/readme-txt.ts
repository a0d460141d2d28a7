import "server-only";

import { fileName608, MAX_608_LINES_PER_FILE } from "@/lib/domain/dgii-608";
import { formatFechaHora } from "@/lib/domain/fecha";

import type { AuditScope } from "./audit-queries";
import type { Plan608 } from "./form-608";

/** The pack's README.txt: what every file is, in Spanish, CRLF (read on Windows as often as not). */
export function readmeTxt(input: {
  scope: AuditScope;
  from: string;
  to: string;
  generatedAt: number;
  voids: number;
  withoutReason: number;
  plans: Plan608[];
  maxLinesPerFile: number;
}): string {
  const { scope, plans } = input;
  const files608 = plans.flatMap((plan) =>
    plan.parts.map((lines, index) => `  608/${fileName608(plan.month, index + 1)}: ${lines} líneas`),
  );
  const text = [
    "PAQUETE DE AUDITORÍA DE ANULACIONES (Anula)",
    "",
    `RNC: ${scope.rnc}`,
    `Ambiente: ${scope.environment}`,
    `Período: del ${input.from} al ${input.to}, ambos incluidos (hora de Santo Domingo), por la fecha en que se creó cada anulación.`,
    `Generado: ${formatFechaHora(input.generatedAt)} (hora de Santo Domingo); contiene lo creado hasta ese momento.`,
    `Anulaciones del período: ${input.voids}`,
    "",
    "ARCHIVOS",
    "",
    "README.txt",
    "  Este archivo.",
    "",
    "anulaciones.csv",
    "  Una fila por anulación del período, cualquiera que sea su estado (Aceptado, Rechazado, Error):",
    "  quién la solicitó y quién la aprobó (vacío si se envió sin aprobación), fechas, motivo (código",
    "  del 608 y descripción), cantidad de rangos, totales anulado y exceptuado, estado, la respuesta de",
    "  la DGII (código, nombre, mensajes) o el error, y la confirmación manual si la hubo. UTF-8 con BOM,",
    "  separado por comas (se abre en Excel).",
    "",
    "rangos.csv",
    "  Una fila por rango de cada anulación. En un éxito parcial de la DGII, las filas con",
    "  'Exceptuado por la DGII' = sí son los rangos que la DGII NO anuló.",
    "",
    "xml/{RNC}ANECF{anulación}.xml",
    "  Cada ANECF firmado exactamente como se envió a la DGII (los mismos bytes; un reenvío manda el",
    "  mismo documento).",
    "",
    "respuestas-dgii/{anulación}.json",
    "  Cada respuesta de la DGII a esa anulación: la del envío (codigo, nombre, mensajes; null si la DGII",
    "  no respondió, con el motivo en 'error') y la de cada reenvío o respuesta tardía ('intentos').",
    "",
    "conciliaciones.csv",
    "  Las anulaciones cuyo resultado confirmó una persona con evidencia de la OFV de la DGII (Consulta",
    "  de Anulaciones): quién, cuándo, el resultado, la nota y las rutas de sus evidencias.",
    "",
    "evidencias/{anulación}/{id}-{archivo}",
    "  Los archivos de evidencia de cada confirmación, tal como se subieron (PDF, PNG o JPEG).",
    "",
    "actividad.csv",
    "  El registro de actividad de la empresa en el período: acciones de este ambiente y las que no",
    "  dependen de un ambiente (usuarios, claves, certificados). Cada acción en palabras ('Acción') y",
    "  su código ('Código de acción', p. ej. auth.sign_in). Detalles en JSON.",
    "",
    "sin-motivo.csv",
    `  Lo que la DGII anuló sin un motivo registrado (${input.withoutReason} anulaciones), una fila por`,
    "  rango, con la columna 'Código de motivo (completar)' vacía: a estas anulaciones NUNCA se les",
    "  asigna un motivo por defecto y NO aparecen en los archivos 608. Complete el código (01 a 10) y",
    "  agréguelas a su 608 si su declaración lo requiere.",
    "",
    "608/608-AAAAMM-N.txt",
    "  Las anulaciones en el formato 608 de la DGII (comprobantes anulados), un archivo por mes como se",
    "  presenta el 608, para que su contador los use si su declaración lo requiere (si los emisores de",
    "  e-CF deben declarar en el 608 las anulaciones de rangos no está definido; los contadores",
    "  difieren).",
    "  Qué entra: solo lo que la DGII anuló — anulaciones Aceptado (por su respuesta, por un reenvío o",
    "  confirmadas como aceptadas por una persona); de un éxito parcial, solo la parte anulada. Las",
    "  rechazadas o sin respuesta (Error) no entran. Las que no tienen motivo tampoco (ver sin-motivo.csv).",
    "  El mes y la fecha son los de la columna 'Fecha de anulación (firmada)' (la fecha firmada en el",
    "  ANECF, fechaHoraAnulacion).",
    "  Formato (como lo escriben implementaciones públicas, p. ej. la localización dominicana de Odoo):",
    "    encabezado: 608|RNC|AAAAMM|cantidad de líneas del archivo  (RNC rellenado a 11 posiciones)",
    "    una línea por e-NCF anulado: e-NCF|AAAAMMDD|código de motivo (01 a 10)",
    "    UTF-8, cada línea terminada en CRLF.",
    `  División: como máximo ${input.maxLinesPerFile.toLocaleString("es-DO")} líneas por archivo (sin contar el encabezado).`,
    "  Un mes con más líneas se divide en 608-AAAAMM-1.txt, 608-AAAAMM-2.txt, …, cada uno un 608",
    "  completo con su propio encabezado y su propia cantidad. Un mes en el borde del período contiene",
    "  solo las anulaciones creadas dentro del período.",
    ...(files608.length > 0
      ? ["  Archivos de este paquete:", ...files608]
      : ["  Este período no tiene líneas de 608."]),
    "",
  ];
  if (input.maxLinesPerFile !== MAX_608_LINES_PER_FILE) {
    text.push(`(Límite de líneas por archivo de este paquete: ${input.maxLinesPerFile}.)`, "");
  }
  return text.join("\r\n");
}
