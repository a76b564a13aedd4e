import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type DeliveryChannel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: DeliveryChannel;
  /** Email address, or "+<areaCode> <phone>". */
  to: string;
  code: string;
  subject: string;
  text: string;
}

/** Where verification codes go: the embedded outbox file, or real mail. */
export interface Delivery {
  send(message: OutgoingMessage): Promise<void>;
}

export const OUTBOX_FILE = 'outbox.jsonl';

/**
 * The embedded default: one JSON line per message in DATA_DIR/outbox.jsonl, which the operator
 * console shows. Nothing leaves the machine.
 */
export function outboxDelivery(dataDir: string, now: () => number): Delivery {
  const file = path.join(dataDir, OUTBOX_FILE);
  return {
    async send({ channel, to, code, text }) {
      const line = JSON.stringify({ channel, to, code, text, at: now() });
      await fs.appendFile(file, `${line}\n`, { mode: 0o600 });
    },
  };
}

/** Email through SMTP_URL; SMS has no gateway yet, so it stays in the outbox. */
export function smtpDelivery(smtpUrl: string, from: string, smsFallback: Delivery): Delivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      if (message.channel === 'sms') return smsFallback.send(message);
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}
