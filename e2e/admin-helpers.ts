import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_PASSWORD } from './support/env';
import { mailLinkFor } from './support/mail';

/** Waits for the invitation mail to `address` and answers its link's path. */
export const invitationLinkFor = (address: string): Promise<string> =>
  mailLinkFor(address, /https?:\/\/\S+\/auth\/invite\/[A-Za-z0-9_-]+/, { what: 'an invitation mail' });

/** The owner's API, for the set-up and clean-up around what the specs drive through the UI. */
export async function ownerApi(request: APIRequestContext, login: string, accountId: string) {
  const res = await request.post('/api/user/login', { data: { login, password: DEMO_PASSWORD } });
  const { Token } = (await res.json()) as { Token: string };
  const headers = { authorization: `Bearer ${Token}` };
  const q = `accountId=${accountId}`;
  return {
    async createRole(name: string, permissions: string[]): Promise<string> {
      const r = await request.post(`/v1/roles?${q}`, { headers, data: { name, permissions } });
      expect(r.status(), await r.text()).toBe(201);
      return ((await r.json()) as { id: string }).id;
    },
    /** A new Palco user in the team under a role of `permissions`, through the invitation link. */
    async newMember(email: string, permissions: string[]): Promise<{ email: string; password: string }> {
      const roleId = await this.createRole(`papel ${email.split('@')[0]}`, permissions);
      const invited = await request.post(`/v1/invitations?${q}`, { headers, data: { email, roleId } });
      expect(invited.status(), await invited.text()).toBe(201);
      const token = (await invitationLinkFor(email)).split('/').at(-1)!;
      const password = 'segredo1';
      const accepted = await request.post(`/v1/invitation-links/${token}/accept`, {
        data: { name: `Gestor ${email.split('@')[0]}`, password },
      });
      expect(accepted.status(), await accepted.text()).toBe(200);
      return { email, password };
    },
    async userId(email: string): Promise<string | undefined> {
      const r = await request.get(`/v1/users?${q}&search=${encodeURIComponent(email)}`, { headers });
      const body = (await r.json()) as { items: Array<{ id: string; email: string }> };
      return body.items.find((u) => u.email === email)?.id;
    },
    async removeUser(id: string) {
      await request.delete(`/v1/users/${id}?${q}`, { headers });
    },
    async deleteRole(id: string) {
      await request.delete(`/v1/roles/${id}?${q}`, { headers });
    },
  };
}
