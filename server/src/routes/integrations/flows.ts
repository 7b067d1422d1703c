import { ZOOM_MAX_ACCOUNTS } from '../../../../contract/integrations.ts';
import { googleIdentity } from '../../integrations/google-meet.ts';
import { zoomIdentity } from '../../integrations/zoom.ts';
import type { OAuthFlow } from './oauth-flow.ts';

/** The Zoom cards' popups; both come back to `/bff/zoom/oauth/callback` (one redirect URI). */
export const ZOOM_FLOWS: readonly OAuthFlow[] = [
  {
    provider: 'zoom',
    path: '/bff/zoom/oauth',
    label: 'Zoom',
    identify: (app, tokens) => zoomIdentity(app, tokens.accessToken),
    rules: { single: true, importOnConnect: true },
  },
  {
    provider: 'zoom-multi',
    path: '/bff/zoom/oauth-multi',
    label: 'Zoom',
    identify: (app, tokens) => zoomIdentity(app, tokens.accessToken),
    rules: { single: false, max: ZOOM_MAX_ACCOUNTS, importOnConnect: true },
  },
];

export const GOOGLE_MEET_FLOWS: readonly OAuthFlow[] = [
  {
    provider: 'google-meet',
    path: '/bff/google-meet/oauth',
    label: 'Google Meet',
    identify: async (_app, tokens) => googleIdentity(tokens),
    rules: { single: true, importOnConnect: true },
  },
];
