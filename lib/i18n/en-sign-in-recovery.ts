import type { esSignInRecovery } from "./es-sign-in-recovery";

export const enSignInRecovery: typeof esSignInRecovery = {
  forgot: {
    title: "Forgot your password?",
    intro:
      "Type the e-mail you sign in with. If it belongs to a user, we will send a link to choose a new password; it expires after 30 minutes and works once.",
    email: "E-mail",
    submit: "Send the link",
    submitting: "Sending…",
    sent: "If that e-mail belongs to a user, a message with the link will arrive in a few minutes. Check your spam folder too.",
    noEmail:
      "This installation does not send e-mail. Ask your organization's administrator to reset your password: on the Organization page, “Reset password” gives you a temporary one that you change when you sign in.",
    tooMany:
      "Too many links were requested for this e-mail or from this connection. Wait a few minutes (up to 15) and try again.",
    back: "Back to sign in",
  },
  reset: {
    title: "Choose a new password",
    intro: "Saving it ends all your open sessions, and the link stops working.",
    submit: "Save the password",
    submitting: "Saving…",
    invalid:
      "This link no longer works: it expired (it lasts 30 minutes), was used already, or a newer one was requested. Ask for a new one.",
    askAgain: "Ask for another link",
  },
  email: {
    subject: "Anula: link to choose a new password",
    body: "Someone (probably you) asked to choose a new password for {email} in Anula.\n\nOpen this link to choose it; it expires in 30 minutes and works once:\n{link}\n\nIf you did not ask, ignore this message: your password does not change.",
  },
  recoveryCodes: {
    title: "Recovery codes",
    intro:
      "If you lose your phone, sign in with one of these codes instead of the app's code. Each works once. Keep them somewhere safe: they will not be shown again.",
    copy: "Copy the codes",
    copied: "Codes copied.",
    download: "Download (.txt)",
    fileHeader: "Anula recovery codes for {email}. Each works once.",
    remaining: {
      one: "You have {count} of 10 recovery codes left unused.",
      other: "You have {count} of 10 recovery codes left unused.",
    },
    regenerate: "Generate new codes",
    regenerateHint: "The previous codes stop working. Type your app's current code to confirm.",
    regenerated: "New codes generated: the previous ones no longer work.",
    done: "I have saved them",
  },
};
