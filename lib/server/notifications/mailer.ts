import "server-only";

import nodemailer, { type Transporter } from "nodemailer";

import { loadConfig } from "@/lib/server/platform/config/load-config";

/**
 * The notifications' e-mail: one nodemailer SMTP transport for SMTP_URL (lib/server/platform/config), or
 * none when it is unset — then nothing is e-mailed and nothing fails. Short timeouts: a run that
 * sends holds its claim (a transaction) while it talks to the server.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  from: string;
  /** Sends one message; throws when the server refuses or cannot be reached. */
  send(mail: OutgoingMail): Promise<void>;
  /** Checks the server answers (before claiming anything to send). */
  verify(): Promise<void>;
}

const holder = globalThis as typeof globalThis & {
  __anulaMailer?: { url: string; from: string; transport: Transporter };
};

/** The configured mailer, or null without SMTP_URL. */
export function getMailer(): Mailer | null {
  const smtp = loadConfig().smtp;
  if (!smtp) return null;
  let current = holder.__anulaMailer;
  if (!current || current.url !== smtp.url || current.from !== smtp.from) {
    current?.transport.close();
    current = {
      url: smtp.url,
      from: smtp.from,
      transport: nodemailer.createTransport({
        url: smtp.url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
    holder.__anulaMailer = current;
  }
  const { transport, from } = current;
  return {
    from,
    send: async (mail) => {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    verify: async () => {
      await transport.verify();
    },
  };
}

/** Tests: forget the transport (a new SMTP_URL takes effect at the next getMailer()). */
export function resetMailerForTests(): void {
  holder.__anulaMailer?.transport.close();
  holder.__anulaMailer = undefined;
}
