import { ErrorCode, type PaymentOutcomeView } from '@qrd/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { aBillingConfig, anOutcome, aPaymentSetup, aUser } from '../../../testing/fixtures';
import { deferred, fail, installFetchStub, ok, type FetchStub, type Reply } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { useLanguage } from '../../../i18n/i18n-provider';
import { LanguageSwitcher } from '../../../i18n/language-switcher';
import { SignupForm } from './signup-form';

/** Shows the page in the browser tests' pseudo-language, which no account can have. */
function PseudoLanguage() {
  const { setLocale } = useLanguage();
  return (
    <button type="button" onClick={() => void setLocale('en-XA')}>
      Pseudo-language
    </button>
  );
}

function renderSignup() {
  return renderWithApp(<SignupForm />, { path: '/auth' });
}

async function fillDetails(user: UserEvent, { plan = 'Monthly' }: { plan?: 'Monthly' | 'Annual' } = {}) {
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.click(screen.getByRole('radio', { name: new RegExp(plan) }));
}

async function fillCard(user: UserEvent, number = '4242424242424242') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
}

/** The inline notice (role alert) that starts with `title`. */
function findAlert(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const alert = screen.getAllByRole('alert').find((element) => element.textContent?.startsWith(title));
    if (!alert) throw new Error(`No alert "${title}"`);
    return alert;
  });
}

describe(SignupForm.name, () => {
  let server: FetchStub;

  afterEach(() => {
    // The language a test chose is remembered in this browser and set on the page.
    window.localStorage.clear();
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  });

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/config', ok(aBillingConfig()))
      .on('POST /api/create-signup-payment-intent', ok(aPaymentSetup()));
  });

  describe('step 1, details', () => {
    it("shows each field's validation message and asks the server nothing", async () => {
      renderSignup();
      const user = userEvent.setup();

      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

      expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
      expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
      expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
      expect(server.requests.filter((r) => r.path !== '/api/config')).toHaveLength(0);
    });

    it('clears a message as soon as the field is valid', async () => {
      renderSignup();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      await screen.findByText('Username must be at least 3 characters');

      await user.type(screen.getByLabelText('Username'), 'ada');

      await waitFor(() => expect(screen.queryByText('Username must be at least 3 characters')).not.toBeInTheDocument());
      expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    });

    it('shows a taken username under its field and stays on step 1', async () => {
      const taken = 'That username is already taken';
      server.on('POST /api/create-signup-payment-intent', fail(409, { code: ErrorCode.Conflict, message: taken, fields: { username: taken } }));
      renderSignup();
      const user = userEvent.setup();
      await fillDetails(user);

      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

      expect(await screen.findByText('Registration failed')).toBeInTheDocument();
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(taken);
      expect(screen.queryByRole('heading', { name: 'Complete Your Purchase' })).not.toBeInTheDocument();
    });

    it('cannot be sent twice while the payment is being set up', async () => {
      const answer = deferred<Reply<ReturnType<typeof aPaymentSetup>>>();
      server.on('POST /api/create-signup-payment-intent', () => answer.promise);
      renderSignup();
      const user = userEvent.setup();
      await fillDetails(user);

      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled());
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      answer.resolve(ok(aPaymentSetup()));

      expect(await screen.findByRole('heading', { name: 'Complete Your Purchase' })).toBeInTheDocument();
      expect(server.calls('POST /api/create-signup-payment-intent')).toHaveLength(1);
    });
  });

  describe('step 2, payment', () => {
    it('shows the chosen plan and the amount due, and Back keeps the details', async () => {
      server.on('POST /api/create-signup-payment-intent', ok(aPaymentSetup({ interval: 'annual', amountCents: 3490 })));
      renderSignup();
      const user = userEvent.setup();
      await fillDetails(user, { plan: 'Annual' });

      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

      expect(await screen.findByRole('heading', { name: 'Complete Your Purchase' })).toBeInTheDocument();
      expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
      expect(screen.getByText('Annual, 1 QR code')).toBeInTheDocument();
      expect(screen.getByText('ada@example.com')).toBeInTheDocument();
      expect(screen.getByText('$34.90 per year')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Pay $34.90' })).toBeEnabled();
      // The password is not sent before the account is created.
      expect(server.calls('POST /api/create-signup-payment-intent')[0].body).toEqual({
        username: 'ada',
        email: 'ada@example.com',
        billingInterval: 'annual',
        currency: 'usd',
        language: 'en',
      });

      await user.click(screen.getByRole('button', { name: 'Back' }));

      expect(screen.getByLabelText('Username')).toHaveValue('ada');
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
      expect(screen.getByRole('radio', { name: /Annual/ })).toBeChecked();
    });

    it('says the payment could not be set up and tries again on request', async () => {
      server.on('POST /api/create-signup-payment-intent', fail(503, { code: ErrorCode.Unavailable, message: 'Billing is not answering' }));
      renderSignup();
      const user = userEvent.setup();
      await fillDetails(user);

      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

      expect(await screen.findByText('Payment setup failed')).toBeInTheDocument();
      expect(screen.getByText('Payment Setup Error')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();

      server.on('POST /api/create-signup-payment-intent', ok(aPaymentSetup()));
      await user.click(screen.getByRole('button', { name: 'Try again' }));

      expect(await screen.findByRole('button', { name: 'Pay $3.49' })).toBeInTheDocument();
      expect(screen.queryByText('Payment setup failed')).not.toBeInTheDocument();
    });

    it('creates the account with the payment’s ids once paid, and opens the dashboard', async () => {
      const outcome = deferred<Reply<PaymentOutcomeView>>();
      server
        .on('POST /api/test-payments/confirm', () => outcome.promise)
        .on('POST /api/register', ok(aUser({ username: 'ada' }), 201));
      const sut = renderSignup();
      const user = userEvent.setup();
      await fillDetails(user);
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      await fillCard(user);

      await user.click(screen.getByRole('button', { name: 'Pay $3.49' }));

      expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
      expect(screen.getByLabelText('Card number')).toBeDisabled();
      outcome.resolve(ok(anOutcome('succeeded')));

      await waitFor(() => expect(sut.pathname()).toBe('/dashboard'));
      expect(await screen.findByText('Account created!')).toBeInTheDocument();
      expect(server.calls('POST /api/test-payments/confirm')[0].body).toEqual({
        clientSecret: 'pi_test_secret_0001',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
      });
      expect(server.calls('POST /api/register')[0].body).toEqual({
        username: 'ada',
        email: 'ada@example.com',
        password: 'correct-horse',
        billingInterval: 'monthly',
        stripeCustomerId: 'cus_test_1',
        stripeSubscriptionId: 'sub_test_1',
        language: 'en',
      });
    });

    it('creates the account in the language the page is shown in', async () => {
      server
        .on('POST /api/test-payments/confirm', ok(anOutcome('succeeded')))
        .on('POST /api/register', ok(aUser({ username: 'ada' }), 201));
      const sut = renderWithApp(
        <>
          <LanguageSwitcher />
          <SignupForm />
        </>,
        { path: '/auth' },
      );
      const user = userEvent.setup();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
      await user.type(await screen.findByLabelText('Benutzername'), 'ada');
      await user.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
      await user.type(screen.getByLabelText('Passwort'), 'correct-horse');
      await user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }));
      // The payment step is the billing area's, in its own words: its inputs are found by what they hold.
      const input = (autocomplete: string) => {
        const found = document.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`);
        if (!found) throw new Error(`No ${autocomplete} input`);
        return found;
      };
      const cardNumber = await waitFor(() => input('cc-number'));
      await user.type(cardNumber, '4242424242424242');
      await user.type(input('cc-exp'), '1234');
      await user.type(input('cc-csc'), '123');
      const pay = await waitFor(() => {
        const button = cardNumber.form?.querySelector<HTMLButtonElement>('button[type="submit"]');
        if (!button || button.disabled) throw new Error('The payment cannot be sent yet');
        return button;
      });

      await user.click(pay);

      await waitFor(() => expect(sut.pathname()).toBe('/dashboard'));
      expect(server.calls('POST /api/register')[0].body).toMatchObject({ username: 'ada', language: 'de' });
    });

    it('sends no language when the page is in the pseudo-language of the tests', async () => {
      server
        .on('POST /api/test-payments/confirm', ok(anOutcome('succeeded')))
        .on('POST /api/register', ok(aUser({ username: 'ada' }), 201));
      const sut = renderWithApp(
        <>
          <PseudoLanguage />
          <SignupForm />
        </>,
        { path: '/auth' },
      );
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Pseudo-language' }));
      await waitFor(() => expect(document.documentElement.lang).toBe('en-XA'));
      await fillDetails(user);
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      await fillCard(user);

      await user.click(await screen.findByRole('button', { name: /^Pay/ }));

      await waitFor(() => expect(sut.pathname()).toBe('/dashboard'));
      expect(server.calls('POST /api/register')[0].body).not.toHaveProperty('language');
    });

    it('shows a declined card on step 2 and creates no account', async () => {
      server.on('POST /api/test-payments/confirm', ok(anOutcome('requires_payment_method', 'Your card was declined.')));
      renderSignup();
      const user = userEvent.setup();
      await fillDetails(user);
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      await fillCard(user, '4000000000000002');

      await user.click(screen.getByRole('button', { name: 'Pay $3.49' }));

      expect(await findAlert('Payment failed')).toHaveTextContent('Your card was declined.');
      expect(screen.getByRole('button', { name: 'Pay $3.49' })).toBeEnabled();
      expect(server.calls('POST /api/register')).toHaveLength(0);
    });

    it('says so when the account cannot be created after a successful payment', async () => {
      server
        .on('POST /api/test-payments/confirm', ok(anOutcome('succeeded')))
        .on('POST /api/register', fail(500, { code: ErrorCode.Internal, message: 'Failed to create the account' }));
      const sut = renderSignup();
      const user = userEvent.setup();
      await fillDetails(user);
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      await fillCard(user);

      await user.click(screen.getByRole('button', { name: 'Pay $3.49' }));

      expect(await findAlert('Error creating account')).toHaveTextContent('Failed to create the account');
      expect(sut.pathname()).toBe('/auth');
    });
  });
});
