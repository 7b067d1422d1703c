import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { ClassroomInfo } from './api';

/** A row of speakers, 2, 4 or 6 at a time from 768, 1024 and 1080 px (classroom.css), scrolled a page
 * at a time by the arrows or by swiping. */
export function Speakers({ speakers }: { speakers: ClassroomInfo['speakers'] }) {
  const { t } = useLingui();
  const track = useRef<HTMLUListElement>(null);
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
      <button type="button" onClick={() => page(-1)} aria-label={t`Anteriores`}>
        ‹
      </button>
      <ul ref={track}>
        {speakers.map((s) => (
          <li key={`${s.name}-${s.role ?? ''}`}>
            {s.photo ? <img src={s.photo} alt="" loading="lazy" /> : null}
            <strong>{s.name}</strong>
            {s.role ? <span>{s.role}</span> : null}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => page(1)} aria-label={t`Próximos`}>
        ›
      </button>
    </section>
  );
}
