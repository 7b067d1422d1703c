import { vars } from '@/styles/theme.css';

/** The colours of a chart's series, in order: the chart paints them, the legend shows them. */
export const SERIES_COLORS = [
  vars.color.primary,
  vars.color.success,
  vars.color.danger,
  vars.color.warning,
  vars.color.focus,
  vars.color.textMuted,
  vars.color.text,
];
