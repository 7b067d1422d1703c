import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OverlayPosition } from '../api/overlay';

export const POSITION_LABELS: Record<OverlayPosition, MessageDescriptor> = {
  'top-left': msg`Canto superior esquerdo`,
  'top-right': msg`Canto superior direito`,
  'bottom-left': msg`Canto inferior esquerdo`,
  'bottom-right': msg`Canto inferior direito`,
  center: msg`Centro`,
};

/** The server's message for what the client can fix (4xx, in the user's language), else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status > 0 && status < 500 && error instanceof Error
    ? error.message
    : fallback;
}
