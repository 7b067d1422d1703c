import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Speaker } from './api';

/** A row of speakers, 1 a view on phones, then 2, 4 or 6 from 768, 1024 and 1080 px (classroom.css),
 * paged by the arrows (disabled at either end) or by swiping. */
export function Speakers({ speakers }: { speakers: Speaker[] }) {
  const { t } = useLingui();
  const track = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState({ start: true, end: true });
  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEnds({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);
  if (speakers.length === 0)
    return (
      <p className="cls-muted">
        <Trans>Nenhum orador anunciado.</Trans>
      </p>
    );
  const page = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * track.current.clientWidth, behavior: 'smooth' });
  return (
    <section className="cls-carousel" aria-roledescription={t`carrossel`} aria-label={t`Oradores`}>
      <button type="button" onClick={() => page(-1)} aria-label={t`Anteriores`} disabled={ends.start}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="none" stroke="currentColor" strokeWidth="2.5" d="m15 18-6-6 6-6" />
        </svg>
      </button>
      <ul ref={track} onScroll={measure}>
        {speakers.map((s) => (
          <li key={s.uuid}>
            {s.avatar ? (
              <img src={s.avatar} alt="" loading="lazy" />
            ) : (
              <span className="cls-avatar-fallback" aria-hidden="true">
                {s.name.charAt(0).toUpperCase()}
              </span>
            )}
            <strong>{s.name}</strong>
            {s.role ? <span>{s.role}</span> : null}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => page(1)} aria-label={t`Próximos`} disabled={ends.end}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="none" stroke="currentColor" strokeWidth="2.5" d="m9 18 6-6-6-6" />
        </svg>
      </button>
    </section>
  );
}
