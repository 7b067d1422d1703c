import { createFileRoute } from '@tanstack/react-router';
import { NoAccessPage } from '@/features/shell/components/no-access-page';

/** Public: where a gated route sends an unauthorised user (SPEC §2.2). */
export const Route = createFileRoute('/403')({ component: NoAccessPage });
