import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { JobsOptions, Queue } from 'bullmq';
import { APP_CONFIG, AppConfig, requestContext, RequestMeta } from '@qrd/config';
import { MailJob, MailJobPayloads, MailMessage, ServiceQueue } from '@qrd/contracts';
import { bullPrefix, redisOptions } from '@qrd/messaging';
import { QueueMetrics } from '@qrd/observability';

export type MailJobData<J extends MailJob = MailJob> = MailJobPayloads[J] & { meta: RequestMeta };

const JOB_OPTIONS: Record<MailJob, JobsOptions> = {
  // A slow or failing SMTP server is retried for about two minutes; failures are kept a week.
  [MailJob.Send]: { attempts: 6, backoff: { type: 'exponential', delay: 2000 }, removeOnFail: { age: 7 * 24 * 3600 } },
  [MailJob.PasswordReset]: { attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnFail: { age: 7 * 24 * 3600 } },
};

/**
 * Producer side of the mail queue: outgoing mail and reset-link requests. Nothing here waits for
 * SMTP or for a database lookup, so callers answer quickly and in constant time.
 */
@Injectable()
export class MailQueue implements OnApplicationShutdown {
  private readonly queue: Queue<MailJobData>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, queueMetrics: QueueMetrics) {
    this.queue = new Queue<MailJobData>(ServiceQueue.Mail, {
      connection: redisOptions(config.redisUrl, { maxRetriesPerRequest: null }),
      prefix: bullPrefix(config.redisPrefix),
    });
    queueMetrics.watch(this.queue);
  }

  enqueue(mail: MailMessage): Promise<void> {
    return this.add(MailJob.Send, { mail });
  }

  requestPasswordReset(email: string): Promise<void> {
    return this.add(MailJob.PasswordReset, { email });
  }

  private async add<J extends MailJob>(job: J, payload: MailJobPayloads[J]): Promise<void> {
    const data = { ...payload, meta: requestContext.currentOrNew() } as MailJobData;
    await this.queue.add(job, data, { removeOnComplete: true, ...JOB_OPTIONS[job] });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
