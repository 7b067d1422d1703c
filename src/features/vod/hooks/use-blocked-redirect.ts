import { useNavigate } from '@tanstack/react-router';
import { ApiError } from '@/lib/api-client';

/** docs/api-videos.md: a blocked account's uploads answer 403 and the console goes to /blocked. Returns
 * a function telling whether it handled the error. */
export function useBlockedRedirect() {
  const navigate = useNavigate();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 403) {
      void navigate({ to: '/blocked' });
      return true;
    }
    return false;
  };
}
