import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/403')({ component: () => <main>403</main> });
