import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { BillingPattern, BillingRequests, DomainEvent, EventPayloads } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { StripeWebhooksService } from '../webhooks/stripe-webhooks.service';
import { BillingRepository } from './billing.repository';
import { InvoicesService } from '../invoices/invoices.service';
import { IntervalSwitchService } from './interval-switch.service';
import { PaymentSetupService } from './payment-setup.service';
import { SeatReconciler } from './seat-reconciler';
import { SeatsService } from './seats.service';
import { SubscriptionsService } from './subscriptions.service';
import { TestPaymentsService } from './test-payments.service';

type Req<P extends BillingPattern> = BillingRequests[P]['req'];
type Res<P extends BillingPattern> = Promise<BillingRequests[P]['res']>;

@MessageController()
export class BillingHandlers {
  constructor(
    private readonly setup: PaymentSetupService,
    private readonly seats: SeatsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly testPayments: TestPaymentsService,
    private readonly webhooks: StripeWebhooksService,
    private readonly reconciler: SeatReconciler,
    private readonly repository: BillingRepository,
    private readonly intervalSwitch: IntervalSwitchService,
    private readonly invoices: InvoicesService,
  ) {}

  @MessagePattern(BillingPattern.Reconcile)
  reconcile(): Res<BillingPattern.Reconcile> {
    return this.reconciler.run();
  }

  @MessagePattern(BillingPattern.ExportRecords)
  exportRecords(@Payload() req: Req<BillingPattern.ExportRecords>): Res<BillingPattern.ExportRecords> {
    return this.repository.recordsOfUser(req.userId);
  }

  @MessagePattern(BillingPattern.Entitlement)
  entitlement(@Payload() req: Req<BillingPattern.Entitlement>): Res<BillingPattern.Entitlement> {
    return this.seats.entitlement(req.userId, req.codesInUse);
  }

  @MessagePattern(BillingPattern.PlansForUsers)
  plans(@Payload() req: Req<BillingPattern.PlansForUsers>): Res<BillingPattern.PlansForUsers> {
    return this.seats.plansForUsers(req.userIds);
  }

  @MessagePattern(BillingPattern.CreateSignupPayment)
  createSignupPayment(@Payload() req: Req<BillingPattern.CreateSignupPayment>): Res<BillingPattern.CreateSignupPayment> {
    return this.setup.createSignupPayment(req.email, req.interval, req.currency, req.language);
  }

  @MessagePattern(BillingPattern.VerifySignupPayment)
  verifySignupPayment(@Payload() req: Req<BillingPattern.VerifySignupPayment>): Res<BillingPattern.VerifySignupPayment> {
    return this.setup.verifySignupPayment(req.email, req.customerId, req.subscriptionId);
  }

  @MessagePattern(BillingPattern.LinkCustomer)
  async linkCustomer(@Payload() req: Req<BillingPattern.LinkCustomer>): Res<BillingPattern.LinkCustomer> {
    await this.setup.linkCustomer(req.userId, req.customerId, req.subscriptionId);
    return { ok: true };
  }

  @MessagePattern(BillingPattern.GetOrCreateSubscription)
  getOrCreate(@Payload() req: Req<BillingPattern.GetOrCreateSubscription>): Res<BillingPattern.GetOrCreateSubscription> {
    return this.setup.getOrCreate(req.userId, req.email, req.interval, req.currency, req.language);
  }

  @MessagePattern(BillingPattern.GetSubscription)
  getSubscription(@Payload() req: Req<BillingPattern.GetSubscription>): Res<BillingPattern.GetSubscription> {
    return this.seats.view(req.userId);
  }

  @MessagePattern(BillingPattern.PurchaseSeat)
  purchase(@Payload() req: Req<BillingPattern.PurchaseSeat>): Res<BillingPattern.PurchaseSeat> {
    return this.seats.purchase(req.userId, req.expectedUnitAmountCents, req.idempotencyKey, req.codes ?? 1, req.forImport);
  }

  @MessagePattern(BillingPattern.SetCancelAtPeriodEnd)
  setCancel(@Payload() req: Req<BillingPattern.SetCancelAtPeriodEnd>): Res<BillingPattern.SetCancelAtPeriodEnd> {
    return this.subscriptions.setCancelAtPeriodEnd(req.userId, req.cancel);
  }

  @MessagePattern(BillingPattern.PreviewIntervalSwitch)
  previewSwitch(@Payload() req: Req<BillingPattern.PreviewIntervalSwitch>): Res<BillingPattern.PreviewIntervalSwitch> {
    return this.intervalSwitch.preview(req.userId, req.interval);
  }

  @MessagePattern(BillingPattern.SwitchInterval)
  switchInterval(@Payload() req: Req<BillingPattern.SwitchInterval>): Res<BillingPattern.SwitchInterval> {
    return this.intervalSwitch.switch(req.userId, req.interval, req.when);
  }

  @MessagePattern(BillingPattern.CancelIntervalSwitch)
  cancelSwitch(@Payload() req: Req<BillingPattern.CancelIntervalSwitch>): Res<BillingPattern.CancelIntervalSwitch> {
    return this.intervalSwitch.cancelSwitch(req.userId);
  }

  @MessagePattern(BillingPattern.ListInvoices)
  listInvoices(@Payload() req: Req<BillingPattern.ListInvoices>): Res<BillingPattern.ListInvoices> {
    return this.invoices.list(req.userId);
  }

  @MessagePattern(BillingPattern.GetInvoice)
  getInvoice(@Payload() req: Req<BillingPattern.GetInvoice>): Res<BillingPattern.GetInvoice> {
    return this.invoices.get(req.userId, req.invoiceId);
  }

  @MessagePattern(BillingPattern.InvoicePdf)
  invoicePdf(@Payload() req: Req<BillingPattern.InvoicePdf>): Res<BillingPattern.InvoicePdf> {
    return this.invoices.pdf(req.userId, req.invoiceId, req.language);
  }

  @MessagePattern(BillingPattern.GetBillingDetails)
  getBillingDetails(@Payload() req: Req<BillingPattern.GetBillingDetails>): Res<BillingPattern.GetBillingDetails> {
    return this.invoices.billingDetails(req.userId);
  }

  @MessagePattern(BillingPattern.SetBillingDetails)
  setBillingDetails(@Payload() req: Req<BillingPattern.SetBillingDetails>): Res<BillingPattern.SetBillingDetails> {
    return this.invoices.setBillingDetails(req.userId, req.details);
  }

  @MessagePattern(BillingPattern.AccountCredit)
  accountCredit(@Payload() req: Req<BillingPattern.AccountCredit>): Res<BillingPattern.AccountCredit> {
    return this.subscriptions.credit(req.userId);
  }

  @MessagePattern(BillingPattern.PaymentMethodUpdate)
  paymentMethod(@Payload() req: Req<BillingPattern.PaymentMethodUpdate>): Res<BillingPattern.PaymentMethodUpdate> {
    return this.subscriptions.paymentMethodUpdate(req.userId, req.returnUrl);
  }

  @MessagePattern(BillingPattern.TestUpdateCard)
  testUpdateCard(@Payload() req: Req<BillingPattern.TestUpdateCard>): Res<BillingPattern.TestUpdateCard> {
    return this.testPayments.updateCard(req.userId, req.card);
  }

  @MessagePattern(BillingPattern.TestConfirmPayment)
  testConfirm(@Payload() req: Req<BillingPattern.TestConfirmPayment>): Res<BillingPattern.TestConfirmPayment> {
    return this.testPayments.confirm(req.clientSecret, req.card);
  }

  @MessagePattern(BillingPattern.TestAuthenticatePayment)
  testAuthenticate(@Payload() req: Req<BillingPattern.TestAuthenticatePayment>): Res<BillingPattern.TestAuthenticatePayment> {
    return this.testPayments.authenticate(req.clientSecret, req.approve);
  }

  @MessagePattern(BillingPattern.AdvanceTestClock)
  advanceClock(@Payload() req: Req<BillingPattern.AdvanceTestClock>): Res<BillingPattern.AdvanceTestClock> {
    return this.testPayments.advanceClock(req.days);
  }

  @MessagePattern(BillingPattern.StripeWebhook)
  stripeWebhook(@Payload() req: Req<BillingPattern.StripeWebhook>): Res<BillingPattern.StripeWebhook> {
    return this.webhooks.receive(req.payload, req.signature);
  }

  @MessagePattern(BillingPattern.RevenueSummary)
  revenue(@Payload() req: Req<BillingPattern.RevenueSummary>): Res<BillingPattern.RevenueSummary> {
    return this.subscriptions.revenue(req.totalUsers);
  }

  @EventPattern(DomainEvent.SignupPaid)
  onSignupPaid(@Payload() event: EventPayloads[DomainEvent.SignupPaid]): Promise<void> {
    return this.setup.linkSignup(event.userId, event.customerId, event.subscriptionId);
  }

  @EventPattern(DomainEvent.UserDeleted)
  onUserDeleted(@Payload() event: EventPayloads[DomainEvent.UserDeleted]): Promise<void> {
    return this.seats.onUserDeleted(event.userId);
  }

  /** A shared workspace deleted: its subscription ends now, as an account's does. */
  @EventPattern(DomainEvent.WorkspaceDeleted)
  onWorkspaceDeleted(@Payload() event: EventPayloads[DomainEvent.WorkspaceDeleted]): Promise<void> {
    return this.seats.onUserDeleted(event.workspaceId);
  }
}
