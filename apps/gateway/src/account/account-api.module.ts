import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

/** /api/profile, /api/change-password, /api/password-reset/*, /api/contact. */
@Module({ controllers: [AccountController], providers: [AccountService] })
export class AccountApiModule {}
