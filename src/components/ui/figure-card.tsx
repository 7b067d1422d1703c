import type { ReactNode } from 'react';
import * as css from './figure-card.css';

/** A page's headline figures, a description list of FigureCard (a name and its value each). */
export function FigureCards({
  label,
  minWidth,
  testId,
  children,
}: {
  label: string;
  minWidth: keyof typeof css.figures;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <dl className={css.figures[minWidth]} aria-label={label} data-testid={testId}>
      {children}
    </dl>
  );
}

/** One figure: its name, its value (already formatted) and an optional hint under it. */
export function FigureCard({
  id,
  label,
  value,
  hint,
  valueTestId,
}: {
  id: string;
  label: string;
  value: string;
  hint?: ReactNode;
  valueTestId?: string;
}) {
  return (
    <div className={css.figure} data-figure={id}>
      <dt className={css.figureLabel}>{label}</dt>
      <dd className={css.figureValue} data-testid={valueTestId}>
        {value}
      </dd>
      {hint ? <dd className={css.figureHint}>{hint}</dd> : null}
    </div>
  );
}
