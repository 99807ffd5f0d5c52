import * as limits from '../../domain/limits';
import type { AppContext } from '../context';
import type { Mailer, MailMessage } from '../mail';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A notice's lines as mail: plain text, and the same as simple HTML (a blank line separates). */
export function noticeMail(subject: string, lines: string[]): Omit<MailMessage, 'to'> {
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
${lines
  .filter(Boolean)
  .map((line) => `<p>${escapeHtml(line)}</p>`)
  .join('\n')}
</body></html>`;
  return { subject, text: lines.join('\n'), html };
}

/** 'A passkey was added': told to the account's address, where someone who took a session cannot answer. */
export function passkeyAddedEmail(opts: {
  username: string;
  deviceName: string;
  appUrl: string;
}): Omit<MailMessage, 'to'> {
  const product = limits.PRODUCT_NAME;
  return noticeMail(`A passkey was added to your ${product} account`, [
    `A passkey on ${opts.deviceName} can now sign in to your ${product} account (username ${opts.username}).`,
    '',
    'If this was you, there is nothing to do.',
    `If it was not, sign in at ${opts.appUrl}/account, remove the passkey, change your password and sign out the devices you do not know.`,
  ]);
}

/**
 * Send an account notice; the change it tells of stands if the mail fails (logged, not the rep's
 * error). Answers whether it went out.
 */
export async function sendNotice(
  ctx: AppContext,
  mailer: Mailer | null,
  message: MailMessage,
  what: string,
): Promise<boolean> {
  if (!mailer) {
    ctx.log.warn(`${what}: no mail server, so the account's address was not told`);
    return false;
  }
  return mailer.send(message).then(
    () => true,
    (err: unknown) => {
      ctx.log.error({ err }, `${what}: the notice could not be sent`);
      return false;
    },
  );
}
