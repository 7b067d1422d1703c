/** The picture viewers get, composed in the presenter's browser (docs/studio.md "Studio page and guests"):
 * the studio background (colour, then image) and one tile a participant in a grid; the participants'
 * audio mixed with WebAudio. `output` is the one stream published over WHIP. */

export const WIDTH = 1280;
export const HEIGHT = 720;
/** Space around and between tiles, in pixels of the 1280×720 picture. */
const GAP = 32;
const FPS = 30;

interface Tile {
  video: HTMLVideoElement;
  label: string;
  audio: MediaStreamAudioSourceNode | null;
}

/** Columns and rows for n tiles: as square as the count allows, wider than tall. */
export function grid(n: number): { cols: number; rows: number } {
  if (n <= 1) return { cols: 1, rows: 1 };
  const cols = Math.ceil(Math.sqrt(n));
  return { cols, rows: Math.ceil(n / cols) };
}

/** Each tile's rectangle (16:9, centred in its cell) for n tiles on the picture. */
export function layout(n: number): Array<{ x: number; y: number; w: number; h: number }> {
  const { cols, rows } = grid(n);
  const cellW = (WIDTH - GAP * (cols + 1)) / cols;
  const cellH = (HEIGHT - GAP * (rows + 1)) / rows;
  const w = Math.min(cellW, (cellH * 16) / 9);
  const h = (w * 9) / 16;
  const rects = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols);
    const inRow = row === rows - 1 ? n - row * cols : cols;
    const col = i - row * cols;
    // The last row, when shorter, is centred.
    const rowWidth = inRow * w + (inRow - 1) * GAP;
    const x0 = (WIDTH - rowWidth) / 2;
    const y0 = GAP + row * (cellH + GAP) + (cellH - h) / 2;
    rects.push({ x: x0 + col * (w + GAP), y: y0, w, h });
  }
  return rects;
}

export class Compositor {
  readonly canvas: HTMLCanvasElement;
  readonly output: MediaStream;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly audio: AudioContext;
  private readonly mix: MediaStreamAudioDestinationNode;
  private readonly tiles = new Map<string, Tile>();
  private readonly timer: ReturnType<typeof setInterval>;
  private background: HTMLImageElement | null = null;

  constructor(private color: string) {
    this.canvas = document.createElement('canvas');
    this.canvas.width = WIDTH;
    this.canvas.height = HEIGHT;
    this.ctx = this.canvas.getContext('2d')!;
    this.audio = new AudioContext();
    this.mix = this.audio.createMediaStreamDestination();
    // A silent source keeps the audio track running while nobody has a microphone on.
    const silence = this.audio.createConstantSource();
    silence.offset.value = 0;
    silence.connect(this.mix);
    silence.start();
    this.draw();
    const video = this.canvas.captureStream(FPS).getVideoTracks()[0]!;
    // Text and tiles: the encoder keeps the picture sharp rather than smooth.
    video.contentHint = 'detail';
    this.output = new MediaStream([video, ...this.mix.stream.getAudioTracks()]);
    // A timer, not requestAnimationFrame: the picture keeps going while the studio's tab is hidden.
    this.timer = setInterval(() => this.draw(), 1000 / FPS);
  }

  setBackground(color: string, image: string | null): void {
    this.color = color;
    if (!image) {
      this.background = null;
      return;
    }
    const img = new Image();
    img.onload = () => {
      this.background = img;
    };
    img.src = image;
  }

  /** Adds or replaces a participant's tile (its video and, when it has one, its audio in the mix). */
  set(id: string, stream: MediaStream, label: string, muted = false): HTMLVideoElement {
    this.remove(id);
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.autoplay = true;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    let audio: MediaStreamAudioSourceNode | null = null;
    if (!muted && stream.getAudioTracks().length) {
      audio = this.audio.createMediaStreamSource(stream);
      audio.connect(this.mix);
    }
    this.tiles.set(id, { video, label, audio });
    return video;
  }

  remove(id: string): void {
    const tile = this.tiles.get(id);
    if (!tile) return;
    tile.audio?.disconnect();
    tile.video.srcObject = null;
    this.tiles.delete(id);
  }

  get count(): number {
    return this.tiles.size;
  }

  /** Browsers start an AudioContext only after a gesture: called from the start button. */
  async resume(): Promise<void> {
    if (this.audio.state === 'suspended') await this.audio.resume();
  }

  stop(): void {
    clearInterval(this.timer);
    for (const id of [...this.tiles.keys()]) this.remove(id);
    for (const track of this.output.getTracks()) track.stop();
    void this.audio.close();
  }

  private draw(): void {
    const { ctx } = this;
    ctx.fillStyle = this.color;
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    if (this.background) cover(ctx, this.background, 0, 0, WIDTH, HEIGHT);
    const tiles = [...this.tiles.values()];
    const rects = layout(tiles.length);
    tiles.forEach((tile, i) => {
      const r = rects[i]!;
      ctx.fillStyle = '#000';
      ctx.fillRect(r.x, r.y, r.w, r.h);
      if (tile.video.readyState >= 2) cover(ctx, tile.video, r.x, r.y, r.w, r.h);
      ctx.font = '600 22px system-ui, sans-serif';
      const width = ctx.measureText(tile.label).width;
      ctx.fillStyle = 'rgba(0, 0, 0, 0.6)';
      ctx.fillRect(r.x + 12, r.y + r.h - 46, width + 20, 34);
      ctx.fillStyle = '#fff';
      ctx.fillText(tile.label, r.x + 22, r.y + r.h - 21);
    });
  }
}

/** Draws a picture or video filling the rectangle, cropped to keep its proportions. */
function cover(
  ctx: CanvasRenderingContext2D,
  source: HTMLVideoElement | HTMLImageElement,
  x: number,
  y: number,
  w: number,
  h: number,
): void {
  const sw = source instanceof HTMLVideoElement ? source.videoWidth : source.naturalWidth;
  const sh = source instanceof HTMLVideoElement ? source.videoHeight : source.naturalHeight;
  if (!sw || !sh) return;
  const scale = Math.max(w / sw, h / sh);
  const cw = w / scale;
  const ch = h / scale;
  ctx.drawImage(source, (sw - cw) / 2, (sh - ch) / 2, cw, ch, x, y, w, h);
}
