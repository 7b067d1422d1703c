import type { FastifyPluginAsync } from 'fastify';
import apiKeyRate from '../plugins/api-key-rate.ts';
import { authorize, expectDeclaration } from '../plugins/permissions.ts';
import accountRoutes from './account/index.ts';
import adminRoutes from './admin/index.ts';
import invitationLinkRoutes from './admin/invitation-link.ts';
import smallImageMedia from './admin/small-image-media.ts';
import analyticsRoutes from './analytics/index.ts';
import supportRoutes from './analytics/support.ts';
import vodAnalyticsRoutes from './analytics/vod.ts';
import apiKeyRoutes from './api-keys/index.ts';
import forgetPasswordRoutes from './auth/forget-password.ts';
import loginRoute from './auth/login.ts';
import loginSecondStepRoute from './auth/login-2fa.ts';
import sessionRoutes from './auth/session.ts';
import beaconRoutes from './beacons/index.ts';
import billingRoutes from './billing/index.ts';
import classroom from './classroom/index.ts';
import dashboardRoutes from './dashboard/index.ts';
import docsRoutes from './docs/index.ts';
import healthRoutes from './health/index.ts';
import facebookRoutes, { facebookPopupRoutes } from './integrations/facebook.ts';
import { integrationPublicRoutes, integrationRoutes } from './integrations/index.ts';
import simulcastRoutes from './integrations/simulcast.ts';
import tencentRoutes from './integrations/tencent.ts';
import youtubeRoutes, { youtubePopupRoutes } from './integrations/youtube.ts';
import logRoutes from './logs/index.ts';
import overlays from './overlays/index.ts';
import publicOverlayMedia from './overlays/media.ts';
import playbackRoutes from './playback/index.ts';
import publicChannelRoutes from './public-channel/index.ts';
import realtimeRoutes from './realtime/index.ts';
import socketCountRoutes from './realtime/sockets.ts';
import liveStreams from './streams/index.ts';
import publicStreamMedia from './streams/media.ts';
import studioGuestRoutes from './studio/index.ts';
import teamRoutes from './teams/index.ts';
import videoLibrary from './videos/index.ts';
import publicVideoRoutes from './videos/public.ts';
import uploadPreflightRoutes from './videos/upload-preflight.ts';
import viewerRoutes from './viewers/index.ts';
import webhookRoutes from './webhooks/index.ts';
import whipRoutes from './whip/index.ts';

/**
 * Public routes, then one scope in which every route is authenticated, tenant-checked and
 * permission-checked: a route added there cannot forget to be. Each route declares its permission
 * (`config.permission`, plugins/permissions.ts): a public one `'public'`, an authenticated one who may
 * call it; a route that does not stops the server from starting.
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(async (open) => {
    open.addHook('onRoute', expectDeclaration('public'));
    await open.register(healthRoutes);
    await open.register(docsRoutes);
    await open.register(loginRoute);
    await open.register(loginSecondStepRoute);
    await open.register(forgetPasswordRoutes);
    await open.register(invitationLinkRoutes);
    await open.register(publicStreamMedia);
    await open.register(smallImageMedia);
    await open.register(publicVideoRoutes);
    await open.register(playbackRoutes);
    await open.register(uploadPreflightRoutes);
    await open.register(realtimeRoutes);
    await open.register(publicOverlayMedia);
    await open.register(classroom);
    await open.register(publicChannelRoutes);
    await open.register(beaconRoutes);
    await open.register(studioGuestRoutes);
    await open.register(whipRoutes, { prefix: '/whip' });
    await open.register(youtubePopupRoutes);
    await open.register(facebookPopupRoutes);
    await open.register(integrationPublicRoutes);
  });

  await app.register(async (authed) => {
    authed.addHook('onRoute', expectDeclaration('authenticated'));
    authed.addHook('onRequest', authed.authenticate);
    authed.addHook('onRequest', authed.resolveAccount);
    authed.addHook('onRequest', authorize);
    await authed.register(apiKeyRate);
    await authed.register(sessionRoutes);
    await authed.register(teamRoutes);
    await authed.register(logRoutes);
    await authed.register(liveStreams);
    await authed.register(videoLibrary);
    await authed.register(adminRoutes);
    await authed.register(accountRoutes);
    await authed.register(socketCountRoutes);
    await authed.register(overlays);
    await authed.register(viewerRoutes);
    await authed.register(apiKeyRoutes);
    await authed.register(webhookRoutes);
    await authed.register(tencentRoutes);
    await authed.register(simulcastRoutes);
    await authed.register(youtubeRoutes);
    await authed.register(facebookRoutes);
    await authed.register(dashboardRoutes);
    await authed.register(billingRoutes);
    await authed.register(analyticsRoutes);
    await authed.register(supportRoutes);
    await authed.register(vodAnalyticsRoutes);
    await authed.register(integrationRoutes);
  });
};

export default routes;
