import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import * as css from './tabs.css';

export interface TabItem {
  value: string;
  label: ReactNode;
}

export interface TabsProps {
  /** The tab list's accessible name (already translated). */
  label: string;
  tabs: readonly TabItem[];
  value: string;
  onValueChange: (value: string) => void;
  /** The selected tab's panel (one panel, re-rendered for each tab). */
  children: ReactNode;
  className?: string;
}

/** What each key does in the tab list: the index of the tab it moves the focus to. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** A tab list with its panel (the WAI-ARIA tabs pattern, manual activation): the arrow keys, Home and
 * End move the focus between tabs, Enter or Space (or a click) selects one, Tab goes on into the panel
 * (its first control; the panels this serves always have one), which is labelled by the selected tab.
 * Controlled: the page keeps the value (in the URL, say).
 * Written out rather than Ark's (docs/decisions.md "Tabs without a state machine"): the library's
 * tab list is on the first render of the landing page, and a plain list costs no machine there. */
export function Tabs({ label, tabs, value, onValueChange, children, className }: TabsProps) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (v: string) => `${id}-tab-${v}`;
  const panelId = `${id}-panel`;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = tabKeyTarget(event.key, index, tabs.length);
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };
  return (
    <div className={[css.root, className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={css.list}>
        {tabs.map((tab, index) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              data-selected={selected ? '' : undefined}
              className={css.trigger}
              onClick={() => {
                if (!selected) onValueChange(tab.value);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className={css.content}>
        {children}
      </div>
    </div>
  );
}
