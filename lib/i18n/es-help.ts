import type { HelpTopic, HelpTopicText } from "./help-topics";

/**
 * Spanish strings of the portal's help (/ayuda), for clerks and accountants, not integrators: short
 * pages in plain words about what the portal does (docs/portal.md is the reference). The `help`
 * namespace; `notFound` is the portal's 404 page.
 */
export const esHelp = {
  nav: "Ayuda",
  title: "Ayuda",
  intro:
    "Páginas cortas para el trabajo de cada día: anular números de e-NCF, entender lo que respondió la DGII, aprobar anulaciones y entregar lo que pide el auditor.",
  topicsLabel: "Temas de ayuda",
  backToIndex: "Todos los temas de ayuda",
  /** Screen-reader name of a topic's screenshot, before its caption. */
  screenshot: "Captura de pantalla: {caption}",
  topics: {
    anular: {
      title: "Anular números de e-NCF",
      summary: "Qué es una anulación, cuándo no es la solución y cómo hacerla paso a paso.",
      sections: [
        {
          heading: "Qué es una anulación",
          paragraphs: [
            "Anular es decirle a la DGII que unos números de e-NCF autorizados a la empresa nunca se usarán. Se anulan por rangos (desde–hasta), con un motivo de la DGII.",
            "En eCF (producción) una anulación es real y no se puede deshacer: un número anulado ya no puede emitirse. TesteCF y CerteCF son ambientes de prueba.",
          ],
        },
        {
          heading: "Cuándo NO hay que anular",
          paragraphs: [
            "Un número ya usado — un e-CF emitido, aunque tenga un error o la venta se haya devuelto — no se anula: se cancela con una nota de crédito (e-CF 34).",
            "Si el rango tiene números usados, la herramienta no deja confirmar y le dice cuáles son. Si duda sobre un número, pregunte en «¿Qué hago con este número?»: le dice si anularlo, emitir una nota de crédito, volver a emitir la venta o esperar, y qué comprobó.",
            "Para un e-CF emitido en Anula y aceptado por la DGII, esa misma respuesta ofrece preparar la nota de crédito (operadores).",
          ],
          links: [
            { to: "remedy", label: "¿Qué hago con este número?" },
            { to: "documents", label: "Consulta de documentos" },
          ],
        },
        {
          heading: "Cómo encontrar los números que hay que anular",
          paragraphs: [
            "En Secuencias se ve, por tipo y autorización de la DGII, cuántos números se emitieron, se anularon, tienen resultado desconocido o quedan disponibles.",
            "«Huecos para anular» propone los números saltados y lo que quedó sin usar de autorizaciones vencidas, con lo que se comprobó de cada uno. Solo propone huecos después de que un administrador marque que todo lo emitido está importado: un número emitido por su sistema y aún no importado parece un hueco.",
            "«Anular estos rangos» abre la herramienta con la selección como borrador. Nada se envía sin su revisión y confirmación.",
          ],
          links: [{ to: "sequences", label: "Secuencias" }],
        },
        {
          heading: "Paso a paso",
          paragraphs: [
            "Lo escrito y no enviado se guarda en este navegador como borrador, por empresa y ambiente, hasta que lo envíe o vacíe el editor.",
          ],
          steps: [
            "Abra Herramientas → Anular e-NCF y revise la empresa y el ambiente en la barra superior.",
            "Pegue o escriba los rangos: de Excel, de un CSV, o como E310000000001-E310000000010.",
            "Elija el motivo (código de la DGII) y escriba una explicación.",
            "Pulse «Revisar y anular…»: Anula revisa los rangos. Lo que ya está anulado se puede quitar con «Quitar lo ya anulado»; los números usados bloquean la confirmación.",
            "Confirme. En eCF se le pide escribir el total de secuencias.",
            "Lea el resultado. Si la DGII aceptó, imprima el comprobante con «Imprimir comprobante».",
          ],
          figure: {
            name: "void-tool",
            caption: "La herramienta Anular e-NCF con un rango y su motivo, lista para revisar.",
          },
          links: [
            { to: "voidTool", label: "Anular e-NCF" },
            { to: "history", label: "Historial de anulaciones" },
          ],
        },
      ],
    },
    estados: {
      title: "Qué significa cada estado",
      summary: "Aceptado, Rechazado y Error, y qué hacer cuando la DGII no confirmó una anulación.",
      sections: [
        {
          heading: "Los tres estados",
          paragraphs: [
            "Cada anulación tiene uno de tres estados. El historial, el resultado y el comprobante usan las mismas palabras.",
          ],
          block: "voidStatuses",
          figure: {
            name: "void-result",
            caption: "El resultado de una anulación aceptada, con sus rangos por tipo y el comprobante.",
          },
          links: [{ to: "history", label: "Historial de anulaciones" }],
        },
        {
          heading: "Lo que acompaña al estado",
          paragraphs: [
            "«Aceptado · parcial»: la DGII anuló solo una parte. Las secuencias exceptuadas NO se anularon; averigüe por qué antes de anularlas en una nueva solicitud («Preparar una anulación de las secuencias exceptuadas»).",
            "«confirmada a mano»: una persona registró el resultado. «por reenvío»: la DGII aceptó el mismo documento enviado otra vez. «revisar»: una respuesta tardía de la DGII no coincide con lo registrado; alguien debe mirarla.",
            "Un «Rechazado» por el certificado (firma o delegación) no se corrige cambiando los rangos: revise el certificado activo y envíe de nuevo.",
          ],
          links: [{ to: "certificate", label: "Configuración → Certificado" }],
        },
        {
          heading: "Después de un Error («Por confirmar»)",
          paragraphs: [
            "Error quiere decir que la DGII no confirmó: pudo anular los números o no, y la DGII no tiene un servicio que liste las anulaciones de una empresa. Nunca envíe otra vez los mismos números a ciegas.",
            "El motivo del Error dice qué pasó:",
          ],
          block: "errorReasons",
        },
        {
          heading: "Cómo resolver un Error",
          paragraphs: [
            "Las anulaciones en Error esperan en «Por confirmar». Los aprobadores las resuelven desde la página de cada anulación:",
          ],
          steps: [
            "Espere unos minutos y mire de nuevo: si Anula sigue esperando la respuesta, el estado cambia solo.",
            "«Verificar en la DGII»: los pasos para buscarla en la Oficina Virtual de la DGII (Consulta de Anulaciones), con las fechas y los rangos. «Consultar a la DGII» pregunta por el primer y el último número de cada rango y guarda la respuesta como evidencia.",
            "«Registrar resultado»: anote lo que vio en la DGII (Aceptado o Rechazado), con una nota y, si quiere, un PDF o una imagen como evidencia.",
            "«Reenviar el mismo documento»: si la DGII no tiene registro, se envía el mismo documento firmado, no una solicitud nueva.",
          ],
          links: [
            { to: "pending", label: "Por confirmar" },
            { to: "history", label: "Historial de anulaciones" },
          ],
        },
      ],
    },
    aprobaciones: {
      title: "Aprobaciones: dos personas por anulación",
      summary: "Cuando un administrador exige que otra persona apruebe las anulaciones antes de enviarlas.",
      sections: [
        {
          heading: "Qué son",
          paragraphs: [
            "Un administrador puede exigir que una segunda persona apruebe cada anulación, por empresa y ambiente, en Configuración → Aprobaciones. Está apagado de inicio y se recomienda para eCF; puede aplicarse solo a anulaciones de más de cierta cantidad de secuencias.",
            "Hacen falta al menos dos personas con el rol de aprobador: nadie aprueba su propia solicitud.",
          ],
          links: [{ to: "approvalsSettings", label: "Configuración → Aprobaciones" }],
        },
        {
          heading: "Pedir una anulación",
          paragraphs: [
            "Con la aprobación activa, la herramienta lo dice encima de sus botones. «Revisar y anular…» hace las mismas revisiones y termina pidiendo la aprobación: no se firma ni se envía nada.",
            "La página de la solicitud muestra los rangos, el motivo, las revisiones, quién la pidió, su estado y cuándo vence.",
          ],
        },
        {
          heading: "Aprobar o rechazar",
          paragraphs: ["Quien aprueba debe ser otra persona con el rol de aprobador."],
          steps: [
            "Abra «Solicitudes de anulación»: el número junto al enlace cuenta las que usted puede decidir (nunca las suyas).",
            "«Aprobar y enviar…» dice qué se firmará y enviará, a qué ambiente y quién lo pidió; en eCF se escribe el total. Al aprobar, Anula revisa todo otra vez y solo entonces firma y envía.",
            "«Rechazar…» pide un motivo, que lee quien hizo la solicitud.",
          ],
          links: [{ to: "requests", label: "Solicitudes de anulación" }],
        },
        {
          heading: "Si algo falla al aprobar",
          paragraphs: [
            "Si una revisión falla al aprobar (el rango se anuló mientras tanto, la DGII está en mantenimiento), no se envía nada y la solicitud sigue pendiente con el motivo. Una solicitud sin decidir vence a los 7 días.",
          ],
        },
      ],
    },
    auditoria: {
      title: "El paquete de auditoría",
      summary: "Un archivo ZIP con todo lo que pide un auditor o el contador para un período.",
      sections: [
        {
          heading: "Descargarlo",
          paragraphs: [
            "Los administradores lo descargan en Auditoría: elija el período (hasta 366 días) y el ambiente. Una anulación pertenece al período por la fecha en que se creó. Cada descarga queda en el registro de actividad.",
          ],
          figure: { name: "audit", caption: "Auditoría: el período y el ambiente del paquete." },
          links: [{ to: "audit", label: "Auditoría" }],
        },
        {
          heading: "Qué contiene",
          paragraphs: [
            "Un README.txt que explica cada archivo; las anulaciones (una fila por anulación, en cualquier estado) y sus rangos en CSV; cada documento firmado tal como lo recibió la DGII y todas sus respuestas; las anulaciones que resolvió una persona, con su evidencia; la actividad de la empresa en el período; y los archivos 608 por mes, solo con lo que la DGII anuló.",
            "Lo que la DGII anuló sin motivo va aparte (sin-motivo.csv), con el código vacío para que el contador lo complete: Anula nunca pone un motivo por su cuenta.",
          ],
        },
        {
          heading: "El registro de actividad",
          paragraphs: [
            "Cada acción importante queda escrita y no se puede cambiar ni borrar: quién, qué, cuándo y desde dónde. Los administradores lo leen y exportan en Configuración → Actividad.",
          ],
          links: [{ to: "activity", label: "Configuración → Actividad" }],
        },
      ],
    },
    integracion: {
      title: "La API para su integrador",
      summary: "Lo que necesita quien conecta su sistema de facturación o ERP con Anula.",
      sections: [
        {
          heading: "Para qué sirve",
          paragraphs: [
            "El sistema de facturación o el ERP de la empresa puede anular, consultar y emitir sin pasar por el portal, con una API compatible con MSeller ECF. Lo que envía aparece en el mismo historial y, si la DGII no confirma, en la misma lista «Por confirmar».",
          ],
        },
        {
          heading: "Qué darle a su integrador",
          paragraphs: [
            "La referencia de la API, en /docs. Una clave API o una cuenta de servicio: las crea un administrador y se muestran una sola vez. Y el ambiente: TesteCF para probar, eCF para lo real.",
            "«Cómo integrar» muestra ejemplos con la dirección de este servidor y el ambiente elegido.",
          ],
          links: [
            { to: "docs", label: "Referencia de la API" },
            { to: "integration", label: "Configuración → Cómo integrar" },
            { to: "apiKeys", label: "Configuración → Claves API" },
            { to: "serviceAccounts", label: "Configuración → Cuentas de servicio" },
          ],
        },
      ],
    },
  } satisfies Record<HelpTopic, HelpTopicText> as Record<HelpTopic, HelpTopicText>,
};

export const esNotFound = {
  title: "Página no encontrada",
  body: "No hay ninguna página en esta dirección. Puede que el enlace esté incompleto o que la página ya no exista.",
  home: "Ir a Inicio",
  help: "Ver la ayuda",
};
