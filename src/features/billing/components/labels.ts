import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LineItem } from '../api/get-statements';

/** The name of each billed metric, with its unit. */
export const METRIC_LABELS: Record<LineItem['metric'], MessageDescriptor> = {
  storage: msg`Armazenamento (GB-mês)`,
  encoded: msg`Minutos codificados`,
  live: msg`Minutos ao vivo`,
  delivered: msg`Minutos entregues`,
};
