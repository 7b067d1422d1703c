import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import type { ReactNode } from 'react';
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

/** A tab list with its panel (Ark tabs): arrow keys move between tabs, the panel is labelled by the
 * selected tab. Controlled: the page keeps the value (in the URL, say). */
export function Tabs({ label, tabs, value, onValueChange, children, className }: TabsProps) {
  return (
    <ArkTabs.Root
      value={value}
      onValueChange={(d) => onValueChange(d.value)}
      activationMode="manual"
      className={[css.root, className].filter(Boolean).join(' ')}
    >
      <ArkTabs.List className={css.list} aria-label={label}>
        {tabs.map((tab) => (
          <ArkTabs.Trigger key={tab.value} value={tab.value} className={css.trigger}>
            {tab.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      <ArkTabs.Content value={value} className={css.content}>
        {children}
      </ArkTabs.Content>
    </ArkTabs.Root>
  );
}
