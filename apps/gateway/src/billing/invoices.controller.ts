import { Body, Controller, Get, Param, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AccountCreditView, BillingDetailsDto, BillingDetailsView, BillingPattern, InvoiceSummaryView, InvoiceView } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';
import { BillingApiService } from './billing.service';

/** The account's invoices (list, one, its PDF) and the billing details printed on them. */
@Controller('api')
@InWorkspace({ read: 'billing.manage' })
export class InvoicesController {
  constructor(
    private readonly bus: MessageBus,
    private readonly billing: BillingApiService,
  ) {}

  @Get('invoices')
  @Access('user')
  list(@CurrentWorkspace() workspace: WorkspaceContext): Promise<InvoiceSummaryView[]> {
    return this.bus.request(BillingPattern.ListInvoices, { userId: workspace.id });
  }

  @Get('invoices/:id')
  @Access('user')
  get(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') invoiceId: string): Promise<InvoiceView> {
    return this.bus.request(BillingPattern.GetInvoice, { userId: workspace.id, invoiceId });
  }

  @Get('invoices/:id/pdf')
  @Access('user')
  async pdf(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') invoiceId: string, @Res() res: Response): Promise<void> {
    // Written in the reader's language (else the one the customer paid in).
    const language = await this.billing.readerLanguage(workspace.userId);
    const file = await this.bus.request(BillingPattern.InvoicePdf, { userId: workspace.id, invoiceId, language });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '')}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).send(Buffer.from(file.base64, 'base64'));
  }

  /** Credit the next invoices use first (e.g. what an annual -> monthly switch left). */
  @Get('billing/credit')
  @Access('user')
  credit(@CurrentWorkspace() workspace: WorkspaceContext): Promise<AccountCreditView> {
    return this.bus.request(BillingPattern.AccountCredit, { userId: workspace.id });
  }

  @Get('billing-details')
  @Access('user')
  billingDetails(@CurrentWorkspace() workspace: WorkspaceContext): Promise<BillingDetailsView> {
    return this.bus.request(BillingPattern.GetBillingDetails, { userId: workspace.id });
  }

  @Put('billing-details')
  @Access('user')
  setBillingDetails(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: BillingDetailsDto): Promise<BillingDetailsView> {
    return this.bus.request(BillingPattern.SetBillingDetails, {
      userId: workspace.id,
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
