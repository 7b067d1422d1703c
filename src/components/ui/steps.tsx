import { Steps as ArkSteps } from '@ark-ui/react/steps';
import type { ReactNode } from 'react';
import * as layout from '@/components/ui/layout.css';
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
        {/* Own wrappers around Ark's trigger props: Ark's item puts aria-current on a div, which a tab
            list may not contain (only tabs). The tab's aria-selected says which step is current. */}
        <ArkSteps.Context>
          {(api) =>
            steps.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps are fixed and identified by their place.
              <div key={i} className={css.item} data-invalid={s.invalid ? '' : undefined}>
                <button {...api.getTriggerProps({ index: i })} className={css.trigger}>
                  <span {...api.getIndicatorProps({ index: i })} className={css.indicator} aria-hidden="true">
                    {s.invalid ? '!' : i + 1}
                  </span>
                  <span className={css.label}>
                    {s.label}
                    {s.invalid && invalidLabel ? (
                      <span className={layout.visuallyHidden}> ({invalidLabel})</span>
                    ) : null}
                  </span>
                </button>
                {i < last ? (
                  <span
                    className={css.separator}
                    data-complete={i < step ? '' : undefined}
                    aria-hidden="true"
                  />
                ) : null}
              </div>
            ))
          }
        </ArkSteps.Context>
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
