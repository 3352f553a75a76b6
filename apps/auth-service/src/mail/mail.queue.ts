import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { APP_CONFIG, AppConfig, LOGGER, Logger, requestContext, RequestMeta } from '@qrd/config';
import { MailJob, MailMessage, ServiceQueue } from '@qrd/contracts';
import { bullPrefix, redisOptions } from '@qrd/messaging';
import { MailSender } from './mail.sender';

interface MailJobData {
  mail: MailMessage;
  meta: RequestMeta;
}

/** Outgoing mail goes through a queue, so a slow or failing SMTP server never blocks a request. */
@Injectable()
export class MailQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly queue: Queue<MailJobData>;
  private worker?: Worker<MailJobData>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly sender: MailSender,
  ) {
    this.queue = new Queue<MailJobData>(ServiceQueue.Mail, {
      connection: redisOptions(config.redisUrl, { maxRetriesPerRequest: null }),
      prefix: bullPrefix(config.redisPrefix),
    });
  }

  onModuleInit(): void {
    this.worker = new Worker<MailJobData>(
      ServiceQueue.Mail,
      (job) => requestContext.run(job.data.meta, () => this.sender.send(job.data.mail)),
      {
        connection: redisOptions(this.config.redisUrl, { maxRetriesPerRequest: null }),
        prefix: bullPrefix(this.config.redisPrefix),
        concurrency: 4,
      },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.error({ err: error, to: job?.data.mail.to, attempts: job?.attemptsMade }, 'mail delivery failed'),
    );
  }

  async enqueue(mail: MailMessage): Promise<void> {
    await this.queue.add(MailJob.Send, { mail, meta: requestContext.currentOrNew() }, {
      attempts: 6,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: true,
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
