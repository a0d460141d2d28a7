/**
 * Server errors (AppError codes) as the portal words them. i18n.test.ts fails while a code of
 * lib/errors has no wording in both languages. The REST API keeps its own Spanish messages (its contract).
 */
export const esErrors: Readonly<Record<string, string>> = {
  MISSING_RANGES: "Escriba o pegue al menos un rango.",
  MISSING_SEQUENCE: "Falta un e-NCF en una de las líneas.",
  INVALID_ENCF_LENGTH: "Un e-NCF tiene 13 posiciones.",
  INVALID_ENCF_FORMAT: "Un e-NCF es una letra de serie seguida de 12 dígitos.",
  SERIE_MISMATCH: "Los dos extremos de un rango deben tener la misma serie.",
  TIPO_MISMATCH: "Los dos extremos de un rango deben ser del mismo tipo de e-CF.",
  INVALID_TIPO_ECF: "El tipo de e-CF no es válido.",
  INVALID_SEQUENCE: "El número secuencial empieza en 1.",
  INVALID_RANGE_ORDER: "El e-NCF final es menor que el inicial.",
  OVERLAPPING_RANGES: "Hay rangos que se solapan.",
  TOO_MANY_TIPOS: "La solicitud tiene más de 10 tipos de e-CF.",
  TOO_MANY_RANGES: "Un tipo tiene más de 10,000 rangos: divida la anulación.",
  INVALID_FECHA: "La fecha y hora de anulación no es válida.",
  TOTAL_TOO_LARGE: "La solicitud suma más secuencias de las que admite el documento de anulación.",
  INVALID_FIELD_TYPE: "Un dato de la solicitud no tiene el tipo esperado.",
  INVALID_MOTIVO: "Elija un motivo de la lista y escriba una descripción de hasta 250 caracteres.",
  VALIDATION_FAILED: "Revise los datos: hay un valor no válido.",
  EMPTY_BODY: "La solicitud está vacía.",
  INVALID_JSON: "La solicitud no se pudo leer.",
  PAYLOAD_TOO_LARGE: "La solicitud es demasiado grande.",
  UNSUPPORTED_MEDIA_TYPE: "El formato de la solicitud no se admite.",
  INVALID_PARAMETER: "Un filtro o parámetro no es válido.",
  INVALID_NEXT_TOKEN: "El enlace de página ya no es válido: vuelva a la primera página.",
  INVALID_LIMIT: "La cantidad por página no es válida.",
  INVALID_STATUS: "El estado elegido no es válido.",
  INVALID_DATE: "Una fecha del filtro no es válida, o la inicial es posterior a la final.",
  INVALID_PERIOD: "Indique un período válido: dos días (aaaa-mm-dd), el primero no posterior al último.",
  PERIOD_TOO_LONG: "El período es de más de 366 días: pida varios paquetes.",
  MISSING_ECF: "Escriba un e-NCF.",
  INVALID_ECF: "El e-NCF no es válido: debe tener 13 posiciones.",
  MISSING_ECFS: "Escriba o pegue al menos un e-NCF.",
  TOO_MANY_ECFS: "El máximo por consulta es 100 e-NCF: divida la lista.",
  UNAUTHORIZED: "Su sesión venció: inicie sesión de nuevo.",
  INVALID_CREDENTIALS: "Correo o contraseña incorrectos.",
  INVALID_REFRESH_TOKEN: "Su sesión venció: inicie sesión de nuevo.",
  OTP_REQUIRED: "Escriba el código de 6 dígitos de su aplicación de autenticación.",
  RNC_REQUIRED:
    'Este usuario tiene acceso a varias empresas: envíe en el campo "rnc" el RNC de la empresa para la que actúa.',
  SECOND_FACTOR_SETUP_REQUIRED: "Su organización exige un segundo factor: actívelo en Mi cuenta.",
  PASSWORD_CHANGE_REQUIRED: "Su contraseña es temporal: elija una nueva para continuar.",
  ALREADY_EXISTS: "Ya existe: si es una empresa, pida acceso a su administrador.",
  SETUP_CLOSED: "La configuración inicial ya se hizo, o el código de configuración no es válido o venció.",
  INVALID_API_KEY: "La clave API no es válida o fue revocada.",
  API_KEY_WRONG_ENVIRONMENT: "La clave API no sirve en este ambiente.",
  FORBIDDEN: "Sus roles en esta empresa no permiten esta acción.",
  NOT_FOUND: "No se encontró lo que buscaba.",
  ENVIRONMENT_NOT_FOUND: "Ese ambiente no existe.",
  VOID_NOT_FOUND: "No se encontró esa anulación.",
  DOCUMENT_NOT_FOUND: "No se encontró ese documento.",
  METHOD_NOT_ALLOWED: "Esa operación no está permitida.",
  IDEMPOTENCY_KEY_REUSED: "Esta confirmación ya se usó para otra solicitud: revise el historial.",
  ALREADY_VOIDED: "Uno de los rangos ya fue anulado y aceptado por la DGII.",
  VOID_IN_PROGRESS:
    "Un envío de esta anulación, o de otra con estos mismos números, sigue esperando la respuesta de la DGII: no se envió nada; espere y vuelva a mirar.",
  VOID_NOT_UNKNOWN:
    "Esta anulación ya tiene la respuesta de la DGII: solo se confirman las que están en Error.",
  VOID_ALREADY_SETTLED: "Esta anulación ya fue confirmada.",
  DGII_QUERY_NOT_OFFERED:
    "La DGII no ofrece la consulta de trackId (consultatrackids) en CerteCF: verifique esta anulación en la Oficina Virtual.",
  SEQUENCE_USED:
    "Uno de los rangos contiene números ya utilizados (e-CF importados): no se anulan; un e-CF emitido se cancela con una nota de crédito (e-CF 34). No se envió nada.",
  ECF_VALIDATION_FAILED:
    "El e-CF no es válido según el esquema o las reglas de la DGII: revise cada problema indicado. No se firmó ni se usó ningún número.",
  SEQUENCE_NOT_AUTHORIZED:
    "El e-NCF está fuera de las autorizaciones registradas para su serie y tipo (o la suya venció): la DGII lo rechazaría. No se envió nada.",
  ISSUER_NOT_CERTIFIED:
    "La empresa aún no consta como emisor electrónico certificado por la DGII: en eCF solo emite una empresa certificada. Use TesteCF o CerteCF.",
  CONTINGENCY_ALREADY_DECLARED:
    "Ya hay una contingencia declarada en este ambiente: termínela antes de declarar otra.",
  CONTINGENCY_NOT_DECLARED: "No hay una contingencia declarada en este ambiente.",
  AUTHORIZATION_OVERLAP: "El rango se solapa con una autorización ya registrada para esa serie y tipo.",
  AUTHORIZATION_NOT_FOUND: "No se encontró esa autorización.",
  CREDIT_NOTE_RANGE_OUTSIDE_AUTHORIZATION:
    "El rango para notas de crédito del portal debe estar completo dentro de una autorización E34 registrada.",
  CREDIT_NOTE_RANGE_OVERLAP: "El rango se solapa con otro ya reservado para las notas de crédito del portal.",
  CREDIT_NOTE_RANGE_NOT_FOUND: "No se encontró ese rango reservado.",
  CREDIT_NOTE_RANGE_MISSING:
    "No hay un rango E34 reservado para las notas de crédito del portal: un administrador debe reservarlo en Secuencias.",
  CREDIT_NOTE_RANGE_EXHAUSTED:
    "Los números E34 reservados para el portal se agotaron: un administrador debe reservar otro rango en Secuencias.",
  CREDIT_NOTE_NOT_APPLICABLE:
    "El portal prepara notas de crédito solo para e-CF emitidos en Anula y aceptados por la DGII.",
  CREDIT_NOTE_NOTHING_LEFT:
    "Las notas de crédito ya emitidas cubren el total de este e-CF: no queda nada por acreditar.",
  APPROVAL_REQUIRED:
    "La empresa exige la aprobación de otra persona: se creó una solicitud de anulación; no se firmó ni se envió nada.",
  APPROVERS_REQUIRED:
    "Para exigir aprobación hacen falta al menos dos personas con rol aprobador en la empresa (nadie aprueba su propia solicitud).",
  VOID_REQUEST_NOT_FOUND: "No se encontró esa solicitud de anulación.",
  VOID_REQUEST_NOT_PENDING: "La solicitud ya no está pendiente: fue aprobada, rechazada, enviada o venció.",
  REQUESTER_CANNOT_APPROVE:
    "Nadie aprueba ni rechaza su propia solicitud: debe hacerlo otra persona con rol aprobador.",
  YEAR_END_CLOSE_NOT_FOUND: "No se encontró ese cierre de año en su organización.",
  YEAR_END_CLOSE_NOT_READY:
    "El cierre de año no está listo para eso: confirme y decida cada empresa primero, o ya comenzó.",
  INVALID_SETTLEMENT: "Elija Aceptado o Rechazado y escriba una nota (hasta 2000 caracteres).",
  INVALID_DOCUMENT_DECISION:
    "Elija una decisión, escriba una nota (hasta 2000 caracteres) y, si la DGII lo tiene, su trackId y estado.",
  DOCUMENT_NOT_IN_REVIEW:
    "Ese e-CF ya no espera por una persona: otra persona decidió o el seguimiento sigue solo.",
  EVIDENCE_TOO_LARGE: "El archivo de evidencia supera 10 MB.",
  EVIDENCE_TYPE_NOT_ALLOWED: "La evidencia debe ser un PDF, PNG o JPEG.",
  RESEND_NOT_CONFIRMED: "La confirmación escrita no coincide: no se reenvió nada.",
  WEBHOOK_NOT_FOUND: "El webhook no existe en esta empresa y ambiente.",
  WEBHOOK_DELIVERY_NOT_FOUND: "El envío no existe para este webhook.",
  WEBHOOK_LIMIT_REACHED: "La empresa ya tiene 20 webhooks en este ambiente: elimine uno antes de crear otro.",
  WEBHOOK_DISABLED: "El webhook está desactivado: actívelo antes de enviar una prueba o reenviar.",
  INVALID_WEBHOOK_URL: "La URL del webhook no es válida: use https:// hacia una dirección pública.",
  RATE_LIMITED: "Demasiadas solicitudes seguidas: espere un momento e intente de nuevo.",
  SERVICE_UNAVAILABLE: "El servicio se está reiniciando: intente de nuevo en unos segundos.",
  CERTIFICATE_NOT_CONFIGURED: "La cuenta no tiene un certificado activo: cárguelo en Configuración.",
  CERTIFICATE_UNAVAILABLE:
    "No se pudo abrir el certificado de la cuenta: cárguelo de nuevo en Configuración.",
  CERTIFICATE_WRONG_PASSWORD: "La contraseña del certificado .p12 es incorrecta.",
  CERTIFICATE_CORRUPT: "El archivo no es un certificado .p12 válido.",
  CERTIFICATE_NO_PRIVATE_KEY: "El certificado no incluye su clave privada.",
  CERTIFICATE_EXPIRED: "El certificado está vencido: cargue uno vigente.",
  CERTIFICATE_NOT_YET_VALID: "El certificado todavía no es válido.",
  CERTIFICATE_HOLDER_MISMATCH:
    "El certificado es de otro titular que esta empresa: la DGII rechazará sus anulaciones salvo que ese titular esté delegado para este RNC. Confirme para activarlo.",
  SIGN_ERROR: "No se pudo firmar el documento; no se envió nada.",
  TAXAUTH_AUTH_ERROR: "No se pudo autenticar ante la DGII con el certificado de la cuenta.",
  TAXAUTH_VOID_ERROR: "La DGII no confirmó la anulación.",
  TAXAUTH_STATUS_ERROR: "No se pudo consultar el estado en la DGII.",
  TAXAUTH_UNAVAILABLE:
    "La DGII tiene el servicio de anulación en mantenimiento o no disponible: no se guardó ni se envió nada.",
  TAXAUTH_TIMEOUT: "La DGII no respondió a tiempo; la consulta sigue, vuelva a consultar en unos segundos.",
  INTERNAL_ERROR: "Ocurrió un error inesperado; no se envió nada. Intente de nuevo.",
  CONFIGURATION_ERROR: "El servidor no está bien configurado. Avise al administrador.",
};
