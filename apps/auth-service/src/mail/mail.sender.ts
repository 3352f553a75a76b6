import { Inject, Injectable } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { MailMessage } from '@qrd/contracts';

/**
 * Delivers a mail over SMTP, or, with no SMTP server configured, writes it to the outbox folder
 * (one .eml file a mail). Outside production its text is logged too, so a developer can follow
 * the links; in production a mail's text (a reset link is a password) never reaches the log.
 */
@Injectable()
export class MailSender {
  private readonly transport: Transporter | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.transport = config.mail.smtpUrl ? nodemailer.createTransport(config.mail.smtpUrl) : null;
  }

  async send(mail: MailMessage): Promise<void> {
    const message = { from: this.config.mail.from, ...mail };
    if (this.transport) {
      await this.transport.sendMail(message);
      this.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      return;
    }
    const raw = await nodemailer
      .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
      .sendMail(message);
    const dir = resolve(this.config.mail.outboxDir);
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${raw.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`);
    await writeFile(file, raw.message as Buffer);
    const text = this.config.env === 'production' ? {} : { text: mail.text };
    this.logger.info({ to: mail.to, subject: mail.subject, file, ...text }, 'mail written to outbox (no SMTP_URL set)');
  }
}
