// A real SMTP server on loopback that keeps what arrives (smtp-server, no auth, no TLS), each message
// read with mailparser. The app sends to it through SMTP_URL=smtp://127.0.0.1:<port>, as to any mail
// server. Used by the API tests of password reset.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailCatcher {
  /** SMTP_URL for the app. */
  url: string;
  /** Every message so far, oldest first. */
  messages: CaughtMail[];
  /** The next message to `to` not yet taken (waiting for it up to `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

const addressText = (value: ParsedMail['to'] | ParsedMail['from']) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push({
            to: addressText(mail.to),
            from: addressText(mail.from),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          for (const wake of waiters) wake();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const untaken = (to: string) =>
    messages.find((mail) => !taken.has(mail) && mail.to.toLowerCase().includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(to, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = untaken(to);
          if (!mail) return;
          taken.add(mail);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
