import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  attemptEmailCode,
  consumeEmailCode,
  createEmailCode,
  lockParticipant,
  recentCodes,
} from '../../db/repositories/classroom.ts';
import { ApiError } from '../../lib/errors.ts';
import { type Lang, langOf } from '../../lib/i18n.ts';
import type { MailMessage } from '../../plugins/mail.ts';

/**
 * Registering an e-mail that is already registered for a class needs a one-time code mailed to the
 * address (docs/classroom.md "Registering an e-mail again"). These bounds make guessing hopeless: a
 * six-digit code, 5 attempts each, at most 3 codes an hour per registration, 10 an hour per address.
 */
export const EMAIL_CODE = {
  digits: 6,
  ttlMinutes: 10,
  maxAttempts: 5,
  perEmailPerHour: 3,
  perAddressPerHour: 10,
};

const hashCode = (participantId: string, code: string) =>
  createHash('sha256').update(`palco-classroom-code-v1|${participantId}|${code}`).digest();

/** Mails a new code for the registration (the older ones stop working), within the hourly bounds. */
export async function sendEmailCode(
  app: FastifyInstance,
  request: FastifyRequest,
  participant: { id: string; email: string },
  classTitle: string,
): Promise<void> {
  const code = String(randomInt(0, 10 ** EMAIL_CODE.digits)).padStart(EMAIL_CODE.digits, '0');
  const ip = request.ip ?? null;
  // Counted and written under a lock on the registration: parallel requests cannot all pass the bound.
  await app.db.transaction().execute(async (trx) => {
    await lockParticipant(trx, participant.id);
    const sent = await recentCodes(trx, participant.id, ip, 60);
    if (sent.byEmail >= EMAIL_CODE.perEmailPerHour || sent.byAddress >= EMAIL_CODE.perAddressPerHour)
      throw new ApiError(429, 'classroomCodeTooMany', { headers: { 'retry-after': '3600' } });
    await createEmailCode(trx, {
      participantId: participant.id,
      codeHash: hashCode(participant.id, code).toString('hex'),
      ip,
      ttlMinutes: EMAIL_CODE.ttlMinutes,
    });
  });
  const mail = codeMail({
    to: participant.email,
    code,
    classTitle,
    lang: langOf(request),
    productName: app.config.productName,
  });
  // No link to log: the code itself is the secret and stays out of the log (docs/security.md).
  app.runInBackground('classroom code mail', () => app.mailer.send(mail));
}

/** Checks a code against the registration's open code; throws the user's message when it does not match. */
export async function checkEmailCode(
  app: FastifyInstance,
  participantId: string,
  given: string,
): Promise<void> {
  const code = given.replace(/\s/g, '');
  // Every try counts, a malformed one too; past the bound the code is dead and a new one must be asked.
  const open = await attemptEmailCode(app.db, participantId, EMAIL_CODE.maxAttempts);
  if (!open) throw new ApiError(400, 'classroomCodeExpired', { field: 'code' });
  const matches =
    /^[0-9]+$/.test(code) &&
    timingSafeEqual(hashCode(participantId, code), Buffer.from(open.codeHash, 'hex'));
  if (!matches) throw new ApiError(400, 'classroomCodeWrong', { field: 'code' });
  // A code admits one browser: two requests with it cannot both get in.
  if (!(await consumeEmailCode(app.db, open.id)))
    throw new ApiError(400, 'classroomCodeExpired', { field: 'code' });
}

function codeMail(o: {
  to: string;
  code: string;
  classTitle: string;
  lang: Lang;
  productName: string;
}): MailMessage {
  const { to, code, classTitle, lang, productName } = o;
  if (lang === 'en')
    return {
      to,
      subject: `${productName}: your code to enter the class`,
      text: [
        `Your code to enter the class "${classTitle}": ${code}`,
        '',
        `It works once and for ${EMAIL_CODE.ttlMinutes} minutes.`,
        'Someone (you, we hope) registered this e-mail for the class again, in another browser.',
        'If it was not you, ignore this message: nobody enters your registration without this code.',
        '',
        `The ${productName} team`,
      ].join('\n'),
    };
  return {
    to,
    subject: `${productName}: seu código para entrar na aula`,
    text: [
      `Seu código para entrar na aula "${classTitle}": ${code}`,
      '',
      `Ele vale por ${EMAIL_CODE.ttlMinutes} minutos e para um único uso.`,
      'Alguém (esperamos que você) inscreveu este e-mail na aula de novo, em outro navegador.',
      'Se não foi você, ignore esta mensagem: ninguém entra na sua inscrição sem este código.',
      '',
      `Equipe ${productName}`,
    ].join('\n'),
  };
}
