import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

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

function fileSafe(address: string): string {
  return address.toLowerCase().replace(/[^a-z0-9@._-]/g, '_');
}

export default fp(
  async (app) => {
    const { smtpUrl, mailFrom, dataDir } = app.config;

    if (smtpUrl) {
      const transport = nodemailer.createTransport(smtpUrl);
      app.addHook('onClose', async () => transport.close());
      app.decorate('mailer', {
        async send(message: MailMessage) {
          await transport.sendMail({ from: mailFrom, ...message });
          app.log.info({ to: message.to }, 'mail sent');
        },
      });
      return;
    }

    const folder = join(dataDir, 'mail');
    const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    app.decorate('mailer', {
      async send(message: MailMessage, options: { link?: string } = {}) {
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
  { name: 'mail' },
);
