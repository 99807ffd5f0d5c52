import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { IN_MEMORY } from '../db/embedded';
import type { Config } from './config';
import type { Logger } from './log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail, or null where this server cannot (production without SMTP_URL). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Where development keeps the messages it would have sent: DATA_DIR/mail (a temporary folder for an in-memory database). */
export function mailDir(config: Pick<Config, 'dataDir'>): string {
  return config.dataDir === IN_MEMORY
    ? join(tmpdir(), 'pitchpad-mail')
    : join(config.dataDir, 'mail');
}

/** The host (and port) of an SMTP URL, without credentials, for logs. */
export function describeSmtpUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
}

/**
 * The mailer the configuration asks for: SMTP_URL's server through nodemailer; without it, outside
 * production, each message as an .eml file in mailDir (its path logged, so a developer can open the
 * link); in production without it, none: password reset is off.
 */
export function createMailer(config: Config, log: Logger): Mailer | null {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) {
    const transport = createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  if (config.isProduction) return null;
  const transport = createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      const dir = mailDir(config);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      // A reset link opens an account: readable by this user only.
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(`Mail to ${message.to} written to ${file} (no SMTP_URL: nothing was sent)`);
    },
  };
}
