import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/blocked')({ component: () => <main>blocked</main> });
