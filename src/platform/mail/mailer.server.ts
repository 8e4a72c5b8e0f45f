import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

interface MailMessage {
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
}

/** Sends one message over SMTP; `enabled` is false when no SMTP_URL is configured. */
export interface Mailer {
  enabled: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(smtpUrl: string | undefined): Mailer {
  if (!smtpUrl) {
    return {
      enabled: false,
      send: async () => {
        throw new Error('SMTP is not configured (SMTP_URL)');
      },
      close: () => undefined,
    };
  }
  const url = new URL(smtpUrl);
  // A plain smtp:// URL to a local relay may opt out of STARTTLS with ?ignoreTLS=true.
  const transporter: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    secure: url.protocol === 'smtps:',
    ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as SMTPTransport.Options);
  return {
    enabled: true,
    send: async (message) => {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
    },
    close: () => transporter.close(),
  };
}
