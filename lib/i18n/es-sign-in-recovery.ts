/** "¿Olvidó su contraseña?", the page the e-mailed link opens, and the second factor's recovery codes. */
export const esSignInRecovery = {
  forgot: {
    title: "¿Olvidó su contraseña?",
    intro:
      "Escriba el correo con el que inicia sesión. Si corresponde a un usuario, le enviaremos un enlace para elegir una contraseña nueva; vence a los 30 minutos y sirve una sola vez.",
    email: "Correo electrónico",
    submit: "Enviar el enlace",
    submitting: "Enviando…",
    sent: "Si ese correo corresponde a un usuario, le llegará un mensaje con el enlace en unos minutos. Revise también el correo no deseado.",
    noEmail:
      "Esta instalación no envía correos. Pida al administrador de su organización que restablezca su contraseña: en la página Organización, «Restablecer contraseña» le da una temporal que usted cambia al entrar.",
    tooMany:
      "Se pidieron demasiados enlaces para este correo o desde esta conexión. Espere unos minutos (hasta 15) e intente de nuevo.",
    back: "Volver a iniciar sesión",
  },
  reset: {
    title: "Elija una contraseña nueva",
    intro: "Al guardarla, se cierran todas sus sesiones abiertas y el enlace deja de servir.",
    submit: "Guardar la contraseña",
    submitting: "Guardando…",
    invalid:
      "Este enlace ya no sirve: venció (dura 30 minutos), ya se usó o se pidió otro después. Pida uno nuevo.",
    askAgain: "Pedir otro enlace",
  },
  email: {
    subject: "Anula: enlace para elegir una contraseña nueva",
    body: "Alguien (probablemente usted) pidió elegir una contraseña nueva para {email} en Anula.\n\nAbra este enlace para elegirla; vence en 30 minutos y sirve una sola vez:\n{link}\n\nSi no lo pidió, ignore este mensaje: su contraseña no cambia.",
  },
  recoveryCodes: {
    title: "Códigos de recuperación",
    intro:
      "Si pierde su teléfono, entre con uno de estos códigos en lugar del código de la aplicación. Cada uno sirve una sola vez. Guárdelos en un lugar seguro: no se volverán a mostrar.",
    copy: "Copiar los códigos",
    copied: "Códigos copiados.",
    download: "Descargar (.txt)",
    fileHeader: "Códigos de recuperación de Anula para {email}. Cada uno sirve una sola vez.",
    remaining: {
      one: "Le queda {count} de 10 códigos de recuperación sin usar.",
      other: "Le quedan {count} de 10 códigos de recuperación sin usar.",
    },
    regenerate: "Generar códigos nuevos",
    regenerateHint:
      "Los códigos anteriores dejan de servir. Escriba el código actual de su aplicación para confirmar.",
    regenerated: "Códigos nuevos generados: los anteriores ya no sirven.",
    done: "Ya los guardé",
  },
};
