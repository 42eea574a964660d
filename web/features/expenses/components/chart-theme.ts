/** What every chart of the page shares: axis text and tooltip in the design's tokens. */
import { formatMoney } from '@web/lib/format';

export const AXIS_TICK = { fill: 'var(--color-muted-foreground)', fontSize: 12 } as const;

export const TOOLTIP_PROPS = {
  contentStyle: {
    background: 'var(--color-card)',
    border: '1px solid var(--color-border)',
    borderRadius: 8,
    fontSize: 13,
  },
  labelStyle: { color: 'var(--color-foreground)', fontWeight: 600 },
  formatter: (value: unknown) => formatMoney(value),
  cursor: { fill: 'var(--color-muted)' },
} as const;
