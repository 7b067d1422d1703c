/**
 * The largest SDP offer taken (a browser's or OBS's is a few KiB; this leaves room for many candidates
 * and codecs). WHIP, WHEP and the studio's routes share it, so it lives here rather than in one route
 * folder (docs/server.md "Layers").
 */
export const MAX_OFFER_BYTES = 64 * 1024;
