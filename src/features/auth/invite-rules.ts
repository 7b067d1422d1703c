import { maxLength, minLength, PASSWORD_MAX, PASSWORD_MIN, required } from '@/lib/validation';
import { newPasswordSchema } from './password-rules';

export type NewMemberValues = { name: string; newPassword: string; confirmPassword: string };
export type ExistingMemberValues = { password: string };

/** A new address sets a name (≤ 100) and a password by the spec's rules (SPEC §5). */
export function newMemberSchema(values: NewMemberValues) {
  return { name: [required, maxLength(100)], ...newPasswordSchema(values) };
}

/** An existing user proves who they are with their current password. */
export function existingMemberSchema() {
  return { password: [required, minLength(PASSWORD_MIN), maxLength(PASSWORD_MAX)] };
}
