import type { PercentChange } from '@qrd/contracts';

/** "+12.5%", "-3%", "0%" or "New" (nothing in the period before). */
export function changeLabel(change: PercentChange): string {
  if (change === 'new') return 'New';
  if (change === 0) return '0%';
  return `${change > 0 ? '+' : ''}${change.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

export function changeTone(change: PercentChange): 'up' | 'down' | 'flat' {
  if (change === 'new') return 'up';
  return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
}
