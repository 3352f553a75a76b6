import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { AdvanceClockDto, BillingPattern, ClockView, RevenueSummaryView } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access } from '../sessions/auth.guard';
import { BillingApiService } from './billing.service';

@Controller('api/admin')
export class AdminBillingController {
  constructor(
    private readonly billing: BillingApiService,
    private readonly bus: MessageBus,
  ) {}

  /** Revenue Summary of /admin from the real subscriptions. */
  @Get('revenue')
  @Access('admin')
  revenue(): Promise<RevenueSummaryView> {
    return this.billing.revenue();
  }

  /** Test provider only: the operator's way to reach the next renewal (also `npm run billing:advance-clock`). */
  @Post('billing/advance-clock')
  @Access('admin')
  @HttpCode(200)
  advanceClock(@Body() dto: AdvanceClockDto): Promise<ClockView> {
    return this.bus.request(BillingPattern.AdvanceTestClock, { days: dto.days });
  }
}
