import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { AppConfig, Logger } from '@qrd/config';
import { nestLogger } from '@qrd/messaging';
import { BillingServiceModule } from '../app.module';
import { TestPaymentsService } from '../billing/test-payments.service';

const USAGE =
  'Usage: npm run billing:advance-clock -- --days N\n' +
  "  Moves the test payment provider's clock N days forward and runs the renewals, failed-payment\n" +
  '  retries and period ends that became due (BILLING_PROVIDER=test only).';

/** Operator command: the same as POST /api/admin/billing/advance-clock, from a shell. */
export async function advanceClock(config: AppConfig, logger: Logger, argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { days: { type: 'string' } } });
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 800) throw new Error(USAGE);
  if (config.billing.provider !== 'test') throw new Error(`BILLING_PROVIDER is "${config.billing.provider}": ${USAGE}`);
  const app = await NestFactory.createApplicationContext(BillingServiceModule.forRoot(config, logger), {
    logger: nestLogger(logger),
  });
  try {
    const clock = await app.get(TestPaymentsService).advanceClock(days);
    process.stdout.write(
      `Test clock is now ${clock.now} (${clock.offsetDays} days ahead); ${clock.changed} subscription(s) changed.\n`,
    );
  } finally {
    await app.close();
  }
}
