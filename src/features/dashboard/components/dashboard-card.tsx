import type { ReactNode } from 'react';
import * as layout from '@/components/ui/layout.css';

/** One titled block of the dashboard, named for screen readers by its title. */
export function DashboardCard({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={layout.card} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={layout.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
