import { useQuery } from '@tanstack/react-query';
import { configQueryOptions } from '@/lib/server-config';

/** The API server's public address (GET /bff/config `apiUrl`, PUBLIC_URL), where the embed player
 * lives. Until it has loaded (or if it fails), the console's own origin: the console is served by
 * that same server. */
export function usePublicUrl(): string {
  const config = useQuery(configQueryOptions());
  return config.data?.apiUrl ?? window.location.origin;
}
