import { Steps as ArkSteps } from '@ark-ui/react/steps';
import type { ReactNode } from 'react';
import * as css from './steps.css';

export interface StepItem {
  label: ReactNode;
  /** The step holds an error (marked on its trigger). */
  invalid?: boolean;
}

export interface StepsProps {
  /** The step list's accessible name (already translated). */
  label: string;
  /** Read after an invalid step's label by assistive technology (already translated). */
  invalidLabel?: string;
  steps: readonly StepItem[];
  /** 0-based. */
  step: number;
  /** A step trigger was clicked; the page decides whether to move (it validates first). */
  onStepChange: (step: number) => void;
  /** The current step's content. */
  children: ReactNode;
  className?: string;
}

/** A wizard's step list and the current step (Ark steps). Navigation buttons belong to the page, so it
 * can check a step before leaving it. */
export function Steps({ label, invalidLabel, steps, step, onStepChange, children, className }: StepsProps) {
  const last = steps.length - 1;
  return (
    <ArkSteps.Root
      step={step}
      count={steps.length}
      onStepChange={(d) => onStepChange(d.step)}
      className={[css.root, className].filter(Boolean).join(' ')}
    >
      <ArkSteps.List className={css.list} aria-label={label}>
        {steps.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are fixed and identified by their place.
          <ArkSteps.Item
            key={i}
            index={i}
            className={css.item}
            data-invalid={s.invalid ? '' : undefined}
            // The tab itself says it is current (aria-selected); on this wrapper it would break the tab list.
            aria-current={undefined}
          >
            <ArkSteps.Trigger className={css.trigger}>
              <ArkSteps.Indicator className={css.indicator} aria-hidden="true">
                {s.invalid ? '!' : i + 1}
              </ArkSteps.Indicator>
              <span className={css.label}>
                {s.label}
                {s.invalid && invalidLabel ? <span className={css.hidden}> ({invalidLabel})</span> : null}
              </span>
            </ArkSteps.Trigger>
            {i < last ? (
              // A plain line: Ark's separator role is not allowed inside the tab list.
              <span className={css.separator} data-complete={i < step ? '' : undefined} aria-hidden="true" />
            ) : null}
          </ArkSteps.Item>
        ))}
      </ArkSteps.List>
      {steps.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one panel per fixed step.
        <ArkSteps.Content key={i} index={i} className={css.content}>
          {i === step ? children : null}
        </ArkSteps.Content>
      ))}
    </ArkSteps.Root>
  );
}
