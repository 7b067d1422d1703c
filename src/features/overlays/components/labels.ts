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
