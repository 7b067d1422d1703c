import { createFileRoute } from '@tanstack/react-router';
import { RecoverPasswordPage } from '@/features/auth/components/recover-password-page';

export const Route = createFileRoute('/auth/recover-password/')({ component: RecoverPasswordPage });
