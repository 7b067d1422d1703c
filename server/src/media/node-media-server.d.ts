// The parts of node-media-server 4.4.3 (CommonJS, no type declarations) the RTMP ingest uses
// (server/src/media/ingest.ts). Only what is read or called there is declared.

declare module 'node-media-server/src/core/avpacket.js' {
  class AVPacket {
    codec_id: number;
    codec_type: number;
    flags: number;
    pts: number;
    dts: number;
    size: number;
    data: Buffer;
  }
  export default AVPacket;
}

declare module 'node-media-server/src/session/base_session.js' {
  class BaseSession {
    id: string;
    ip: string;
    protocol: string;
    isPublisher: boolean;
    streamApp: string;
    streamName: string;
    streamPath: string;
    videoWidth: number;
    videoHeight: number;
    videoFramerate: number;
    /** The audio codec id of the onMetaData message; 0 until it arrives or when none is declared. */
    audioCodec: number;
    sendBuffer: (buffer: Buffer) => void;
    close: () => void;
  }
  export default BaseSession;
}

declare module 'node-media-server/src/server/broadcast_server.js' {
  import type BaseSession from 'node-media-server/src/session/base_session.js';

  class BroadcastServer {
    constructor(streamPath: string);
    streamPath: string;
    publisher: BaseSession | null;
    subscribers: Map<string, BaseSession>;
    postPlay(session: BaseSession): string | null;
    donePlay(session: BaseSession): void;
  }
  export default BroadcastServer;
}

declare module 'node-media-server/src/session/rtmp_session.js' {
  import type { Socket } from 'node:net';
  import type AVPacket from 'node-media-server/src/core/avpacket.js';
  import type BroadcastServer from 'node-media-server/src/server/broadcast_server.js';
  import BaseSession from 'node-media-server/src/session/base_session.js';

  class RtmpSession extends BaseSession {
    constructor(socket: Socket);
    socket: Socket;
    broadcast: BroadcastServer;
    rtmp: {
      /** The client's `connect` command (the fake RTMP receiver of the tests replaces it). */
      onConnectCallback: (req: { app: string; name: string; host: string; query: object }) => void;
      onPushCallback: () => void;
      onPlayCallback: () => void;
      onPacketCallback: (packet: AVPacket) => void;
    };
    run: () => void;
    onPush: () => void;
    onPacket: (packet: AVPacket) => void;
    onData: (data: Buffer) => void;
  }
  export default RtmpSession;
}

declare module 'node-media-server/src/core/context.js' {
  import type BroadcastServer from 'node-media-server/src/server/broadcast_server.js';
  import type BaseSession from 'node-media-server/src/session/base_session.js';

  const Context: {
    sessions: Map<string, BaseSession>;
    broadcasts: Map<string, BroadcastServer>;
  };
  export default Context;
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string; log: (message: string, level?: string) => void };
  export default logger;
}

declare module 'node-media-server/src/protocol/sps_info.js' {
  /** The picture size an H.264 SPS (NAL unit with its header byte) declares, or null. */
  export function parseH264Sps(sps: Buffer): { width: number; height: number } | null;
}
