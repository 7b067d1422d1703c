import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/select-team')({ component: () => <main>select</main> });
