import type { PercentChange } from '@qrd/contracts';
import { defineMessages, type IntlShape } from 'react-intl';

const messages = defineMessages({
  new: { id: 'analytics.change.new', defaultMessage: 'New' },
});

/** "+12.5%", "-3%", "0%" or "New" (nothing in the period before), in the shown language. */
export function changeLabel(intl: IntlShape, change: PercentChange): string {
  if (change === 'new') return intl.formatMessage(messages.new);
  return intl.formatNumber(change / 100, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
}

export function changeTone(change: PercentChange): 'up' | 'down' | 'flat' {
  if (change === 'new') return 'up';
  return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
}
