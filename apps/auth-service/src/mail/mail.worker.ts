import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { APP_CONFIG, AppConfig, LOGGER, Logger, requestContext } from '@qrd/config';
import { MailJob, ServiceQueue } from '@qrd/contracts';
import { bullPrefix, closeWorker, redisOptions } from '@qrd/messaging';
import { ServiceMetrics } from '@qrd/observability';
import { PasswordResetService } from '../password-reset/password-reset.service';
import { MailJobData } from './mail.queue';
import { MailSender } from './mail.sender';

/** Consumer side of the mail queue: one worker, dispatching on the job name. */
@Injectable()
export class MailWorker implements OnModuleInit, OnModuleDestroy {
  private worker?: Worker<MailJobData>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly sender: MailSender,
    private readonly resets: PasswordResetService,
    private readonly metrics: ServiceMetrics,
  ) {}

  onModuleInit(): void {
    this.worker = new Worker<MailJobData>(ServiceQueue.Mail, (job) => requestContext.run(job.data.meta, () => this.process(job)), {
      connection: redisOptions(this.config.redisUrl, { maxRetriesPerRequest: null }),
      prefix: bullPrefix(this.config.redisPrefix),
      concurrency: 4,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.error({ err: error, job: job?.name, attempts: job?.attemptsMade }, 'mail job failed'),
    );
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'mail worker error'));
    this.metrics.addReadinessCheck(`consumer ${ServiceQueue.Mail}`, () => {
      if (!this.worker?.isRunning()) throw new Error('the mail queue consumer is not running');
    });
  }

  private process(job: Job<MailJobData>): Promise<void> {
    switch (job.name as MailJob) {
      case MailJob.Send:
        return this.sender.send((job.data as MailJobData<MailJob.Send>).mail);
      case MailJob.PasswordReset:
        return this.resets.issue((job.data as MailJobData<MailJob.PasswordReset>).email);
      default:
        throw new Error(`Unknown mail job "${job.name}"`);
    }
  }

  /** Closed before the database (closed at application shutdown), so running jobs can finish. */
  async onModuleDestroy(): Promise<void> {
    await closeWorker(this.worker, this.logger);
  }
}
