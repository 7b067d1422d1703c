import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '@/features/shell/components/error-page';

export const Route = createFileRoute('/error')({ component: () => <ErrorPage /> });
