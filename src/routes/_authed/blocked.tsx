import { createFileRoute } from '@tanstack/react-router';
import { BlockedPage } from '@/features/shell/components/blocked-page';

/** SPEC §2.2: the selected team's account is blocked (the _authed guard sends the user here). */
export const Route = createFileRoute('/_authed/blocked')({ component: BlockedPage });
