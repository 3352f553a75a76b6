import { Module } from '@nestjs/common';
import { MailQueue } from './mail.queue';
import { MailSender } from './mail.sender';

@Module({ providers: [MailSender, MailQueue], exports: [MailQueue] })
export class MailModule {}
