import type { Lang } from '../../lib/i18n.ts';
import type { MailMessage } from '../../plugins/mail.ts';

/** The invitation into a team, in the inviter's language. */
export function invitationMail(options: {
  to: string;
  inviter: string;
  team: string;
  link: string;
  lang: Lang;
  productName: string;
  ttlDays: number;
}): MailMessage {
  const { to, inviter, team, link, lang, productName, ttlDays } = options;
  if (lang === 'en') {
    return {
      to,
      subject: `${productName}: ${inviter} invited you to the team ${team}`,
      text: [
        'Hello.',
        '',
        `${inviter} invited you to join the team ${team} on ${productName}.`,
        `To accept, open the link below. It works once and for ${ttlDays} days.`,
        '',
        link,
        '',
        'If you do not know this team, ignore this message.',
        '',
        `The ${productName} team`,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${productName}: ${inviter} convidou você para o time ${team}`,
    text: [
      'Olá.',
      '',
      `${inviter} convidou você para fazer parte do time ${team} no ${productName}.`,
      `Para aceitar, abra o link abaixo. Ele vale por ${ttlDays} dias e para um único uso.`,
      '',
      link,
      '',
      'Se você não conhece este time, ignore esta mensagem.',
      '',
      `Equipe ${productName}`,
    ].join('\n'),
  };
}
