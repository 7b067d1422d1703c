import { msg } from '@lingui/core/macro';
import { maxLength, minLength, PASSWORD_MAX, PASSWORD_MIN, type Rule, required } from '@/lib/validation';

export const passwordMismatch = msg`Senhas incompatíveis`;

export type NewPasswordValues = {
  newPassword: string;
  confirmPassword: string;
};

/** SPEC §5: the new password has 4 to 16 characters; the repeat is required and equal. */
export function newPasswordSchema(values: NewPasswordValues) {
  const equal: Rule = (value) => (value === values.newPassword ? undefined : passwordMismatch);
  return {
    newPassword: [required, minLength(PASSWORD_MIN), maxLength(PASSWORD_MAX)],
    confirmPassword: [required, equal],
  };
}
