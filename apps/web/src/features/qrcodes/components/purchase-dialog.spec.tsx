import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { PurchaseDialog } from './purchase-dialog';

function renderDialog(props: Partial<Parameters<typeof PurchaseDialog>[0]> = {}) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <IntlProvider locale="en" defaultLocale="en">
      <PurchaseDialog
      open
      codesInUse={2}
      unitAmountCents={349}
      interval="monthly"
      busy={false}
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
      />
    </IntlProvider>,
  );
  return { onConfirm, onCancel };
}

describe(PurchaseDialog.name, () => {
  it('shows the new total as (codes + 1) x the price per period', () => {
    renderDialog();

    const sut = screen.getByRole('dialog', { name: 'Add another QR code?' });

    expect(sut).toHaveTextContent('Each QR code is $3.49 per month.');
    expect(sut).toHaveTextContent('Your new total will be 3 × $3.49 = $10.47 per month');
  });

  it('speaks of years for an annual plan', () => {
    renderDialog({ interval: 'annual', codesInUse: 1, unitAmountCents: 3490 });

    expect(screen.getByRole('dialog')).toHaveTextContent('Your new total will be 2 × $34.90 = $69.80 per year');
  });

  it('confirms and cancels with its two buttons', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Confirm and create' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cannot be confirmed, cancelled or closed while the purchase runs', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderDialog({ busy: true });

    expect(screen.getByRole('button', { name: 'Confirm and create' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');

    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on Escape when idle', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderDialog();

    await user.keyboard('{Escape}');

    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
