import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import type { ReactNode } from 'react';
import * as css from './tabs.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  /** Shown but not selectable (a feature not offered yet). */
  disabled?: boolean;
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

/** A tab list with its panel (Ark's Tabs, manual activation): the arrow keys (wrapping), Home and End
 * move the focus between tabs, Enter or Space (or a click) selects one; the panel is labelled by the
 * selected tab. Controlled: the page keeps the value (in the URL, say). */
export function Tabs({ label, tabs, value, onValueChange, children, className }: TabsProps) {
  return (
    <ArkTabs.Root
      value={value}
      onValueChange={(details) => onValueChange(details.value)}
      activationMode="manual"
      className={[css.root, className].filter(Boolean).join(' ')}
    >
      <ArkTabs.List aria-label={label} className={css.list}>
        {tabs.map((tab) => (
          <ArkTabs.Trigger key={tab.value} value={tab.value} disabled={tab.disabled} className={css.trigger}>
            {tab.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {/* Not a tab stop itself: the panels this serves always start with a control (a search), and Tab
          goes on to it. */}
      <ArkTabs.Content value={value} tabIndex={-1} className={css.content}>
        {children}
      </ArkTabs.Content>
    </ArkTabs.Root>
  );
}
