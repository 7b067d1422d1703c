import { Carousel as ArkCarousel } from '@ark-ui/react/carousel';
import { type ReactNode, useCallback } from 'react';
import * as css from './carousel.css';

export interface CarouselLabels {
  region: string;
  previous: string;
  next: string;
  /** "Card 1 of 3" style label of each slide. */
  item: (index: number, count: number) => string;
  /** "Go to page 2" style label of each page dot. */
  indicator: (index: number) => string;
}

export interface CarouselProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** `inView` is false for slides scrolled out of sight: keep their controls out of the tab order. */
  renderItem: (item: T, state: { inView: boolean; index: number }) => ReactNode;
  slidesPerPage: number;
  labels: CarouselLabels;
  /** Duration of a page change (the browser's own smooth scroll has no fixed duration). */
  animationMs?: number;
  spacing?: string;
  className?: string;
}

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const easeInOut = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Replaces the element's smooth scrollTo with a fixed-duration animation. Ark's carousel scrolls its
 * item group with `scrollTo({ left, behavior: 'smooth' })`; snapping is paused while it runs. */
function useTimedScroll(durationMs: number) {
  return useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      const native = HTMLElement.prototype.scrollTo.bind(el);
      let frame = 0;
      el.scrollTo = ((options?: ScrollToOptions | number, y?: number) => {
        if (typeof options !== 'object' || options.behavior !== 'smooth' || reducedMotion()) {
          cancelAnimationFrame(frame);
          if (typeof options === 'number') native(options, y ?? 0);
          else native(options);
          return;
        }
        cancelAnimationFrame(frame);
        const from = el.scrollLeft;
        const to = options.left ?? from;
        const snap = el.style.scrollSnapType;
        const start = performance.now();
        el.style.scrollSnapType = 'none';
        const step = (now: number) => {
          const t = Math.min(1, (now - start) / durationMs);
          el.scrollLeft = from + (to - from) * easeInOut(t);
          if (t < 1) frame = requestAnimationFrame(step);
          else el.style.scrollSnapType = snap;
        };
        frame = requestAnimationFrame(step);
      }) as typeof el.scrollTo;
    },
    [durationMs],
  );
}

/** A horizontal carousel of cards (Ark UI), with previous/next buttons and page dots. */
export function Carousel<T>({
  items,
  getKey,
  renderItem,
  slidesPerPage,
  labels,
  animationMs = 800,
  spacing = '16px',
  className,
}: CarouselProps<T>) {
  const groupRef = useTimedScroll(animationMs);
  const perPage = Math.max(1, Math.min(slidesPerPage, items.length));
  return (
    <ArkCarousel.Root
      // A new layout (rotation, resize across a breakpoint) starts again from the first page.
      key={perPage}
      className={[css.root, className].filter(Boolean).join(' ')}
      slideCount={items.length}
      slidesPerPage={perPage}
      spacing={spacing}
      aria-label={labels.region}
      translations={{
        prevTrigger: labels.previous,
        nextTrigger: labels.next,
        item: labels.item,
        indicator: labels.indicator,
      }}
    >
      <ArkCarousel.ItemGroup ref={groupRef} className={css.itemGroup}>
        <ArkCarousel.Context>
          {(api) =>
            items.map((item, index) => (
              <ArkCarousel.Item key={getKey(item)} index={index} className={css.item}>
                {renderItem(item, { inView: api.isInView(index), index })}
              </ArkCarousel.Item>
            ))
          }
        </ArkCarousel.Context>
      </ArkCarousel.ItemGroup>
      <ArkCarousel.Context>
        {(api) =>
          api.pageSnapPoints.length > 1 ? (
            <ArkCarousel.Control className={css.control}>
              <ArkCarousel.PrevTrigger className={css.trigger}>
                <span aria-hidden="true">‹</span>
              </ArkCarousel.PrevTrigger>
              <ArkCarousel.IndicatorGroup className={css.indicators}>
                {api.pageSnapPoints.map((point, index) => (
                  <ArkCarousel.Indicator key={point} index={index} className={css.indicator} />
                ))}
              </ArkCarousel.IndicatorGroup>
              <ArkCarousel.NextTrigger className={css.trigger}>
                <span aria-hidden="true">›</span>
              </ArkCarousel.NextTrigger>
            </ArkCarousel.Control>
          ) : null
        }
      </ArkCarousel.Context>
    </ArkCarousel.Root>
  );
}
