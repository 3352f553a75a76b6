import type { InvoiceLineView } from '@qrd/contracts';
import { codesAddedBy } from './invoices.service';

const line = (quantity: number, amountCents: number, proration = true): InvoiceLineView => ({
  description: '',
  quantity,
  unitAmountCents: proration ? null : 349,
  amountCents,
  periodStart: '2026-03-05T10:00:00.000Z',
  periodEnd: '2026-04-05T10:00:00.000Z',
  proration,
});

describe(codesAddedBy.name, () => {
  it.each([
    ['the test provider: one line for the seats added', 'subscription_update', [line(2, 512)], 2],
    ["Stripe: the old quantity credited, the new one charged", 'subscription_update', [line(3, -700), line(4, 933)], 1],
    ['an interval switch (a whole period line)', 'subscription_update', [line(2, -512), line(2, 6980, false)], null],
    ['a credit only (seats removed)', 'subscription_update', [line(1, -233)], null],
    ['a renewal', 'subscription_cycle', [line(2, 698, false)], null],
    ['an invoice stored without lines', 'subscription_update', [], null],
  ] as const)('%s', (_name, reason, lines, expected) => {
    expect(codesAddedBy(reason, [...lines])).toBe(expected);
  });
});
