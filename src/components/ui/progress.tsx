import * as css from './progress.css';

export interface ProgressBarProps {
  /** 0–100 (rounded and clamped). */
  value: number;
  /** The accessible name (already translated): what is progressing. */
  label: string;
  /** Read instead of the bare percent (e.g. "42% — pausado"). */
  valueText?: string;
  tone?: 'default' | 'success' | 'danger' | 'muted';
  className?: string;
}

/** A determinate progress bar: role=progressbar with aria-valuenow, so assistive technology (and
 * tests) read the same figure the bar draws. */
export function ProgressBar({ value, label, valueText, tone = 'default', className }: ProgressBarProps) {
  const now = Math.min(100, Math.max(0, Math.round(Number.isFinite(value) ? value : 0)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={now}
      aria-valuetext={valueText}
      data-tone={tone}
      className={[css.track, className].filter(Boolean).join(' ')}
    >
      <div className={css.bar} style={{ width: `${now}%` }} />
    </div>
  );
}
