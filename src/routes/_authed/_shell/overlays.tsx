import { createFileRoute } from '@tanstack/react-router';
import { OverlaysPage } from '@/features/overlays/components/overlays-page';

/** /overlays (SPEC §2.2 "Other routes", issue 17): docs/classroom.md "Overlays". */
export const Route = createFileRoute('/_authed/_shell/overlays')({ component: OverlaysPage });
