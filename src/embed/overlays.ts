import type { Overlay } from '@contract/playback';

/** The layer's marker: one layer per container, redrawn whole on every call. */
const LAYER = 'data-palco-overlays';
const MARGIN = '3%';
const COLOR = /^#[0-9a-f]{6}$/i;

type Box = Partial<Record<'top' | 'right' | 'bottom' | 'left' | 'transform', string>>;

/** Where an overlay sits inside the player, as CSS offsets. */
export function placement(position: Overlay['position']): Box {
  switch (position) {
    case 'top-left':
      return { top: MARGIN, left: MARGIN };
    case 'top-right':
      return { top: MARGIN, right: MARGIN };
    case 'bottom-left':
      return { bottom: MARGIN, left: MARGIN };
    case 'bottom-right':
      return { bottom: MARGIN, right: MARGIN };
    default:
      return { top: '50%', left: '50%', transform: 'translate(-50%, -50%)' };
  }
}

/** A width the contract allows (5..100 % of the player), whatever arrived. */
export function widthOf(overlay: Pick<Overlay, 'widthPercent'>): string {
  const n = Number(overlay.widthPercent);
  return `${Number.isFinite(n) ? Math.min(100, Math.max(5, n)) : 20}%`;
}

/** Only our own media paths or http(s) images are drawn: never `javascript:` or `data:` URLs. */
export function safeImageUrl(url: string | null, base: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function layerOf(container: HTMLElement): HTMLElement {
  const existing = container.querySelector<HTMLElement>(`:scope > [${LAYER}]`);
  if (existing) return existing;
  const layer = container.ownerDocument.createElement('div');
  layer.setAttribute(LAYER, '');
  layer.setAttribute('aria-hidden', 'true');
  // Over the video, under nothing the viewer clicks: the controls stay usable through it.
  Object.assign(layer.style, {
    position: 'absolute',
    inset: '0',
    pointerEvents: 'none',
    overflow: 'hidden',
    containerType: 'size',
    zIndex: '2',
  });
  container.append(layer);
  return layer;
}

/**
 * Draws a live's overlays over the player in `container` (which must be positioned), replacing what
 * an earlier call drew: the playback answer's list first, then every `overlays` message of the
 * channel. Texts go in as text, never as HTML.
 */
export function renderOverlays(container: HTMLElement, overlays: Overlay[]): void {
  const layer = layerOf(container);
  const doc = container.ownerDocument;
  layer.replaceChildren();
  for (const overlay of overlays) {
    let el: HTMLElement;
    if (overlay.kind === 'image') {
      const src = safeImageUrl(overlay.imageUrl, doc.baseURI);
      if (!src) continue;
      const img = doc.createElement('img');
      img.src = src;
      img.alt = '';
      img.style.width = '100%';
      img.style.display = 'block';
      el = doc.createElement('div');
      el.append(img);
    } else {
      if (!overlay.text) continue;
      el = doc.createElement('div');
      el.textContent = overlay.text;
      Object.assign(el.style, {
        color: overlay.color && COLOR.test(overlay.color) ? overlay.color : '#ffffff',
        font: '600 clamp(10px, 3.2cqw, 40px)/1.25 system-ui, sans-serif',
        textShadow: '0 1px 3px rgba(0, 0, 0, 0.8)',
        overflowWrap: 'anywhere',
      });
    }
    el.dataset.overlayId = overlay.id;
    el.dataset.position = overlay.position;
    Object.assign(el.style, {
      position: 'absolute',
      width: widthOf(overlay),
      ...placement(overlay.position),
    });
    layer.append(el);
  }
}
