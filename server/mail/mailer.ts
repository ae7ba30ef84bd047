import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The sender's name (the brand's); the address stays MAIL_FROM's. */
  fromName?: string;
  /** Files attached to the mail (the order confirmation's invoice PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

export type Mailer = {
  send(message: MailMessage): Promise<{ id: string; file?: string }>;
};

/** MAIL_FROM's address under the message's sender name, or MAIL_FROM as it is. */
function senderOf(from: string, message: MailMessage): string | { name: string; address: string } {
  if (!message.fromName) return from;
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name: message.fromName, address };
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file in the
 * outbox directory (data/mail by default), which is what developers and tests read.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const { fromName: _name, ...rest } = message;
        const info = await transport.sendMail({ ...rest, from: senderOf(options.from, message) });
        return { id: info.messageId };
      },
    };
  }
  const transport: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const { fromName: _name, ...rest } = message;
      const info = await transport.sendMail({ ...rest, from: senderOf(options.from, message) });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
      const file = path.join(options.outboxDir, `${stamp}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      return { id: info.messageId, file };
    },
  };
}
