/** Names shared by the pages' upload engine and the service worker (docs/uploads.md). */

/** The Background Sync tag the engine registers when an upload pauses for the network. */
export const UPLOAD_SYNC_TAG = 'palco-uploads';
/** What the worker posts to the open pages when the leading one should carry on itself. */
export const UPLOAD_SYNC_MESSAGE = 'palco-uploads-sync';
/** The Web Lock held by whoever sends the queue: the leading tab, or the service worker. */
export const UPLOAD_LEADER_LOCK = 'palco-upload-leader';
