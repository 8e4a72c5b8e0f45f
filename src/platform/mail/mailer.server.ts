import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailAttachment } from '~/platform/db/schema';

interface MailMessage {
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** Inline images the HTML shows by `cid:`. */
  attachments?: MailAttachment[] | null;
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
  // Pooled: mails go over kept-open connections instead of a connect, TLS and greeting for
  // each (a message to 500 registrants went out at about 7 a second, one connection each).
  const transporter: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    // A connection lost mid-send fails that mail at once: the outbox retries it with its own
    // backoff and shows the error, as without a pool (the pool would otherwise resend it itself).
    maxRequeues: 0,
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
        // CID: the inline image every common client shows (Gmail drops data: images).
        attachments: message.attachments?.map((file) => ({
          cid: file.cid,
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.base64, 'base64'),
          contentDisposition: 'inline' as const,
        })),
      });
    },
    close: () => transporter.close(),
  };
}
