import { Module } from '@nestjs/common';
import { MailQueue } from './mail.queue';
import { MailSender } from './mail.sender';

/** Mail producer and transport; the worker (MailWorker) lives in the app module, next to its handlers. */
@Module({ providers: [MailSender, MailQueue], exports: [MailQueue, MailSender] })
export class MailModule {}
