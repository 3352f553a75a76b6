import { Body, Controller, Get, Param, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AccountCreditView, BillingDetailsDto, BillingDetailsView, BillingPattern, InvoiceSummaryView, InvoiceView } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';

/** The account's invoices (list, one, its PDF) and the billing details printed on them. */
@Controller('api')
export class InvoicesController {
  constructor(private readonly bus: MessageBus) {}

  @Get('invoices')
  @Access('user')
  list(@CurrentSession() session: Session): Promise<InvoiceSummaryView[]> {
    return this.bus.request(BillingPattern.ListInvoices, { userId: session.userId });
  }

  @Get('invoices/:id')
  @Access('user')
  get(@CurrentSession() session: Session, @Param('id') invoiceId: string): Promise<InvoiceView> {
    return this.bus.request(BillingPattern.GetInvoice, { userId: session.userId, invoiceId });
  }

  @Get('invoices/:id/pdf')
  @Access('user')
  async pdf(@CurrentSession() session: Session, @Param('id') invoiceId: string, @Res() res: Response): Promise<void> {
    const file = await this.bus.request(BillingPattern.InvoicePdf, { userId: session.userId, invoiceId });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '')}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).send(Buffer.from(file.base64, 'base64'));
  }

  /** Credit the next invoices use first (e.g. what an annual -> monthly switch left). */
  @Get('billing/credit')
  @Access('user')
  credit(@CurrentSession() session: Session): Promise<AccountCreditView> {
    return this.bus.request(BillingPattern.AccountCredit, { userId: session.userId });
  }

  @Get('billing-details')
  @Access('user')
  billingDetails(@CurrentSession() session: Session): Promise<BillingDetailsView> {
    return this.bus.request(BillingPattern.GetBillingDetails, { userId: session.userId });
  }

  @Put('billing-details')
  @Access('user')
  setBillingDetails(@CurrentSession() session: Session, @Body() dto: BillingDetailsDto): Promise<BillingDetailsView> {
    return this.bus.request(BillingPattern.SetBillingDetails, {
      userId: session.userId,
      details: {
        name: dto.name,
        company: dto.company ?? '',
        addressLine1: dto.addressLine1 ?? '',
        addressLine2: dto.addressLine2 ?? '',
        city: dto.city ?? '',
        postalCode: dto.postalCode ?? '',
        country: dto.country ?? '',
        vatId: dto.vatId ?? '',
      },
    });
  }
}
