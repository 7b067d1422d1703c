import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';

/** The signed-out area: every /auth page shares the branded card layout. */
export const Route = createFileRoute('/auth')({ component: AuthLayout });
