import type { Lang } from '../../lib/i18n.ts';
import type { MailMessage } from '../../plugins/mail.ts';

/** The password-recovery mail, in the requester's language. */
export function recoveryMail(options: {
  to: string;
  name: string;
  link: string;
  lang: Lang;
  productName: string;
  ttlMinutes: number;
}): MailMessage {
  const { to, name, link, lang, productName, ttlMinutes } = options;
  if (lang === 'en') {
    return {
      to,
      subject: `${productName}: reset your password`,
      text: [
        `Hello, ${name}.`,
        '',
        `We received a request to reset the password of your ${productName} account.`,
        `To choose a new password, open the link below. It works once and for ${ttlMinutes} minutes.`,
        '',
        link,
        '',
        'If you did not ask for this, ignore this message: your password stays the same.',
        '',
        `The ${productName} team`,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${productName}: recuperação de senha`,
    text: [
      `Olá, ${name}.`,
      '',
      `Recebemos um pedido para redefinir a senha da sua conta no ${productName}.`,
      `Para criar uma nova senha, abra o link abaixo. Ele vale por ${ttlMinutes} minutos e para um único uso.`,
      '',
      link,
      '',
      'Se você não fez este pedido, ignore esta mensagem: a sua senha continua a mesma.',
      '',
      `Equipe ${productName}`,
    ].join('\n'),
  };
}
