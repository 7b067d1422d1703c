import type { CSSProperties } from 'react';
import * as css from './skeleton.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  circle?: boolean;
  className?: string;
}

/** A grey placeholder shaped like content that is loading. Decorative: the loading state itself is
 * announced by the container (aria-busy and a status text). */
export function Skeleton({ width = '100%', height, circle, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={[css.skeleton, circle ? css.circle : null, className].filter(Boolean).join(' ')}
      style={{ width, height: height ?? (circle ? width : undefined) }}
    />
  );
}
