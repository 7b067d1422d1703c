import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import type { Job, SendOptions } from 'pg-boss';
import { decryptSecret, encryptSecret, sealingKey } from '../lib/webhook-crypto.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: {
      /**
       * Sends through SMTP when SMTP_URL is set; otherwise writes `DATA_DIR/mail/<timestamp>-<to>.eml`
       * and logs `link` so that a developer can follow it without a mail server.
       */
      send(message: MailMessage, options?: { link?: string }): Promise<void>;
    };
  }
}

/** The queue of mails to send through SMTP. */
export const MAIL_QUEUE = 'mail';
/** Tries per mail: with the doubling delay from 5 s, the last is about 40 minutes after the first. */
const MAIL_ATTEMPTS = 10;

/** The key queued mails are sealed with, derived (HKDF) from the server secret. */
function mailKey(serverSecret: Uint8Array): Buffer {
  return sealingKey(serverSecret, 'queued-mail v1');
}

function fileSafe(address: string): string {
  return address.toLowerCase().replace(/[^a-z0-9@._-]/g, '_');
}

export default fp(
  async (app) => {
    const { smtpUrl, mailFrom, dataDir } = app.config;

    // nodemailer is loaded with the first mail, not at start (docs/server.md "Memory").
    const nodemailer = async () => (await import('nodemailer')).default;
    if (smtpUrl) {
      let transport: Transporter | undefined;
      const smtp = async () => {
        transport ??= (await nodemailer()).createTransport(smtpUrl);
        return transport;
      };
      app.addHook('onClose', async () => transport?.close());
      // Every mail is a job of the queue, sent by a worker of any instance and retried with a doubling
      // delay while the SMTP server is down (docs/operations.md "SMTP down"): a mail asked for during
      // an outage arrives once it is back, and one asked for right before an instance dies is sent by
      // another. The message holds a live link (a password reset, an invitation): it is stored
      // encrypted under a key derived from the server secret, as webhook secrets are, so a copy of the
      // database does not give the links away (docs/security.md "Queued mail").
      const key = mailKey(app.jwtKey);
      const jobOptions: SendOptions = {
        retryLimit: MAIL_ATTEMPTS - 1,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: 120,
      };
      const { boss } = app.jobs;
      await boss.createQueue(MAIL_QUEUE, jobOptions);
      await boss.work(
        MAIL_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 2 },
        async ([job]: Job<{ sealed: string }>[]) => {
          if (!job) return;
          const message = JSON.parse(decryptSecret(key, MAIL_QUEUE, job.data.sealed)) as MailMessage;
          try {
            await (await smtp()).sendMail({ from: mailFrom, ...message });
          } catch (error) {
            // Thrown, the job is retried by the queue after its delay.
            app.log.warn({ err: error, to: message.to }, 'mail not sent; retried later');
            throw error;
          }
          app.log.info({ to: message.to }, 'mail sent');
        },
      );
      app.decorate('mailer', {
        async send(message: MailMessage) {
          await app.jobs.send(
            MAIL_QUEUE,
            { sealed: encryptSecret(key, MAIL_QUEUE, JSON.stringify(message)) },
            jobOptions,
          );
          app.log.info({ to: message.to }, 'mail queued');
        },
      });
      return;
    }

    const folder = join(dataDir, 'mail');
    let render: Transporter | undefined;
    app.decorate('mailer', {
      async send(message: MailMessage, options: { link?: string } = {}) {
        render ??= (await nodemailer()).createTransport({
          streamTransport: true,
          buffer: true,
          newline: 'unix',
        });
        const info = await render.sendMail({ from: mailFrom, ...message });
        await mkdir(folder, { recursive: true, mode: 0o700 });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        let file = join(folder, `${stamp}-${fileSafe(message.to)}.eml`);
        for (let n = 1; ; n++) {
          try {
            // The file holds a live recovery link: readable by the server's user only.
            await writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
            break;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n > 100) throw error;
            file = join(folder, `${stamp}-${n}-${fileSafe(message.to)}.eml`);
          }
        }
        app.log.info({ to: message.to, file, link: options.link }, 'no SMTP_URL: mail written to a file');
      },
    });
  },
  { name: 'mail', dependencies: ['jobs'] },
);
