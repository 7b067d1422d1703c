/* The sign-in, password-recovery and invitation-link answers as JSON on the wire (docs/api.md,
 * docs/api-admin.md). The server's TypeBox schemas (server/src/routes/auth/login.ts,
 * server/src/routes/auth/forget-password.ts, server/src/routes/admin/invitation-link.ts) are checked equal
 * to them, the console's structs (src/features/auth/api) checked against them
 * (src/features/auth/__tests__/contract.test.ts). Plain types only: nothing here imports. */

/** `POST /api/user/login`: the session token, or for a user with two-factor sign-in a challenge instead. */
export interface LoginAnswer {
  Token?: string; // JWT HS256: sub, ver, cargo, exp
  twoFactor?: { challenge: string; expiresIn: number }; // expiresIn in seconds
}

/** `POST /bff/forget-password/send-email` (202, known and unknown addresses alike) and
 * `POST /bff/forget-password/update-password` (200). */
export interface RecoveryAnswer {
  ok: true;
}

/** `GET /v1/invitation-links/{token}` (public): what an invitation link opens. */
export interface InvitationLink {
  email: string;
  team: string;
  client: string;
  role: string;
  invitedBy: string | null;
  existingUser: boolean; // accepting then needs that user's sign-in or password
  expiresAt: string; // ISO date-time
}
