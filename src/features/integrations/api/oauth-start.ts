import type { OAuthStart } from '@contract/integrations';
import { type Describe, string, type } from 'superstruct';
import { api } from '@/lib/api-client';

export type OAuthProvider = 'zoom' | 'zoom-multi' | 'google-meet' | 'youtube' | 'facebook';

const PATHS: Record<OAuthProvider, string> = {
  zoom: '/bff/zoom/oauth',
  'zoom-multi': '/bff/zoom/oauth-multi',
  'google-meet': '/bff/google-meet/oauth',
  youtube: '/bff/palco-youtube/oauth',
  facebook: '/bff/facebook/oauth',
};

const OAuthStartStruct: Describe<OAuthStart> = type({ url: string() });

/** POST /bff/<provider>/oauth: the popup's address, with a single-use `state` bound to the caller and
 * the selected team (contract/integrations.ts `OAuthStart`). */
export const startOAuth = (provider: OAuthProvider) =>
  api(PATHS[provider], OAuthStartStruct, { method: 'POST' }).then((r) => r.url);
