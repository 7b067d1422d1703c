#!/usr/bin/env python3
"""A WHIP publisher or a WHEP player made of aiortc (Debian's python3-aiortc 1.4), a WebRTC stack other
than werift and Chromium, for the interoperability tests (docs/studio.md "Interoperability").

    aiortc-peer.py publish URL TOKEN [--codec h264|vp8] [--seconds N] [--loss P] [--delete]
    aiortc-peer.py play URL [--seconds N]

It speaks only HTTP and WebRTC, as any third-party client would, and prints one JSON object a line:
`{"type": "answer", "status", "location"}` after the offer, then `{"type": "stats", ...}` every second
(publisher: PLIs received, keyframes made, packets dropped; player: video and audio frames decoded),
and `{"type": "end", ...}` last. The publisher's encoder makes one keyframe, then only when asked (a
PLI): whatever keyframe the far end gets, the server asked for.
"""

import argparse
import asyncio
import fractions
import json
import random
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import aioice.ice
import av
import numpy as np
from aiortc import (
    MediaStreamTrack,
    RTCConfiguration,
    RTCPeerConnection,
    RTCRtpSender,
    RTCSessionDescription,
)
from aiortc.codecs import h264, vpx
from aiortc.rtcdtlstransport import RTCDtlsTransport

# Tests run on one machine and the server listens on loopback: gather there.
aioice.ice.get_host_addresses = lambda use_ipv4, use_ipv6: ["127.0.0.1"]


def peer():
    # No ICE servers: without a list aiortc asks Google's public STUN server, a name lookup and up to 5 s
    # of waiting on a machine that reaches no outside network, for a candidate loopback never uses.
    return RTCPeerConnection(RTCConfiguration(iceServers=[]))

stats = {"plis": 0, "keyframes": 0, "dropped": 0, "video": 0, "audio": 0}


def say(kind, **fields):
    print(json.dumps({"type": kind, **fields}), flush=True)


# One keyframe, then only on request: no GOP, no scene cut, no new encoder on a bitrate change.
def encoder_context(codec_name, width, height, bitrate):
    codec = av.CodecContext.create(codec_name, "w")
    codec.width = width
    codec.height = height
    codec.bit_rate = bitrate
    codec.pix_fmt = "yuv420p"
    codec.framerate = fractions.Fraction(h264.MAX_FRAME_RATE, 1)
    codec.time_base = fractions.Fraction(1, h264.MAX_FRAME_RATE)
    codec.gop_size = 1_000_000
    codec.options = {"profile": "baseline", "level": "31", "tune": "zerolatency", "sc_threshold": "0"}
    codec.open()
    return codec, False


h264.create_encoder_context = encoder_context
for encoder in (h264.H264Encoder, vpx.Vp8Encoder):
    encoder.target_bitrate = property(lambda self: 1_000_000, lambda self, value: None)
    original_encode = encoder.encode

    def counting_encode(self, frame, force_keyframe=False, _encode=original_encode):
        if force_keyframe or stats["keyframes"] == 0:
            stats["keyframes"] += 1
        # aiortc 1.4's H.264 encoder ignores the request; a new encoder context starts with an IDR and
        # its parameter sets, as aiortc itself does on a bitrate change.
        if force_keyframe and isinstance(self, h264.H264Encoder):
            self.codec = None
        return _encode(self, frame, force_keyframe)

    encoder.encode = counting_encode

original_send_keyframe = RTCRtpSender._send_keyframe


def counting_send_keyframe(self):
    stats["plis"] += 1
    original_send_keyframe(self)


RTCRtpSender._send_keyframe = counting_send_keyframe

# A lossy path: this share of the video packets (RTX retransmissions included) never leaves.
LOSS = {"share": 0.0, "pts": set()}
original_send_rtp = RTCDtlsTransport._send_rtp


async def lossy_send_rtp(self, data):
    rtp = len(data) > 1 and not 192 <= data[1] <= 223  # RTCP shares the transport
    if LOSS["share"] > 0 and rtp and (data[1] & 0x7F) in LOSS["pts"]:
        if random.random() < LOSS["share"]:
            stats["dropped"] += 1
            return
    await original_send_rtp(self, data)


RTCDtlsTransport._send_rtp = lossy_send_rtp


class Pattern(MediaStreamTrack):
    """A bar moving over a gradient, 320x240 at 25 frames a second."""

    kind = "video"

    def __init__(self):
        super().__init__()
        self.n = 0
        self.start = None

    async def recv(self):
        self.start = self.start or time.time()
        self.n += 1
        wait = self.start + self.n / 25 - time.time()
        if wait > 0:
            await asyncio.sleep(wait)
        y = np.tile(np.arange(320, dtype=np.uint8) // 2 + 32, (240, 1))
        x = (self.n * 6) % 300
        y[:, x : x + 20] = 235
        uv = np.full((120, 320), 128, dtype=np.uint8)
        frame = av.VideoFrame.from_ndarray(np.vstack([y, uv]), format="yuv420p")
        frame.pts = self.n * 3600
        frame.time_base = fractions.Fraction(1, 90000)
        return frame


class Tone(MediaStreamTrack):
    """A 440 Hz tone, 20 ms frames of 48 kHz stereo."""

    kind = "audio"

    def __init__(self):
        super().__init__()
        self.n = 0
        self.start = None

    async def recv(self):
        self.start = self.start or time.time()
        wait = self.start + self.n * 0.02 - time.time()
        if wait > 0:
            await asyncio.sleep(wait)
        t = (np.arange(960) + self.n * 960) / 48000
        samples = (np.sin(2 * np.pi * 440 * t) * 8000).astype(np.int16)
        frame = av.AudioFrame.from_ndarray(np.repeat(samples, 2).reshape(1, -1), format="s16", layout="stereo")
        frame.sample_rate = 48000
        frame.pts = self.n * 960
        frame.time_base = fractions.Fraction(1, 48000)
        self.n += 1
        return frame


def http(method, url, body=None, headers=None):
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        # A loaded test machine can be slow to answer; the test waits longer than this for the line.
        with urllib.request.urlopen(request, timeout=90) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()
    except OSError as error:
        # No answer at all (refused, timed out): said as status 0 so the test fails with the reason
        # instead of waiting for a line that never comes.
        return 0, {}, f"{type(error).__name__}: {error}"


async def offer(pc, url, headers):
    await pc.setLocalDescription(await pc.createOffer())
    status, answer_headers, body = await asyncio.to_thread(
        http, "POST", url, pc.localDescription.sdp.encode(), {"content-type": "application/sdp", **headers}
    )
    location = answer_headers.get("Location") or answer_headers.get("location")
    say("answer", status=status, location=location, body=body if status != 201 else None)
    if status == 201:
        await pc.setRemoteDescription(RTCSessionDescription(sdp=body, type="answer"))
    return status, location


def video_payload_types(sdp):
    section = sdp.split("m=video ", 1)[1].split("\r\nm=", 1)[0]
    return {int(pt) for pt in section.split("\r\n", 1)[0].split()[2:]}


async def publish(args):
    pc = peer()
    video = pc.addTransceiver(Pattern(), direction="sendonly")
    pc.addTransceiver(Tone(), direction="sendonly")
    mime = "video/H264" if args.codec == "h264" else "video/VP8"
    caps = RTCRtpSender.getCapabilities("video").codecs
    video.setCodecPreferences([c for c in caps if c.mimeType in (mime, "video/rtx")])
    status, location = await offer(pc, args.url, {"authorization": f"Bearer {args.token}"})
    if status != 201:
        return 1
    LOSS["share"] = args.loss
    LOSS["pts"] = video_payload_types(pc.localDescription.sdp)
    await run(pc, args.seconds)
    if args.delete and location:
        status, _, _ = await asyncio.to_thread(
            http, "DELETE", urllib.parse.urljoin(args.url, location), None, {"authorization": f"Bearer {args.token}"}
        )
        say("deleted", status=status)
    await pc.close()
    return 0


async def play(args):
    pc = peer()

    async def consume(track):
        while True:
            try:
                await track.recv()
            except Exception:
                return
            stats[track.kind] += 1

    pc.on("track", lambda track: asyncio.ensure_future(consume(track)))
    pc.addTransceiver("video", direction="recvonly")
    pc.addTransceiver("audio", direction="recvonly")
    status, _ = await offer(pc, args.url, {})
    if status != 201:
        return 1
    await run(pc, args.seconds)
    await pc.close()
    return 0


async def run(pc, seconds):
    end = time.time() + seconds
    while time.time() < end and pc.connectionState not in ("failed", "closed"):
        await asyncio.sleep(1)
        say("stats", state=pc.connectionState, **stats)
    say("end", state=pc.connectionState, **stats)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=["publish", "play"])
    parser.add_argument("url")
    parser.add_argument("token", nargs="?")
    parser.add_argument("--codec", choices=["h264", "vp8"], default="h264")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--loss", type=float, default=0)
    parser.add_argument("--delete", action="store_true")
    args = parser.parse_args()
    sys.exit(asyncio.run(publish(args) if args.role == "publish" else play(args)))


if __name__ == "__main__":
    main()
