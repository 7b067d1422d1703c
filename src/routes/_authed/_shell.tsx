import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '@/features/shell/components/app-shell';

/** The signed-in layout (aside, header, page) around every console page. */
export const Route = createFileRoute('/_authed/_shell')({ component: AppShell });
