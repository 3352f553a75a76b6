import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  CONTACT_ACCEPTED,
  ChangePasswordDto,
  ContactDto,
  PasswordResetDto,
  PasswordResetRequestDto,
  RESET_REQUEST_ACCEPTED,
  UpdateProfileDto,
  UserView,
} from '@qrd/contracts';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { AccountService } from './account.service';

@Controller('api')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Patch('profile')
  @Access('user')
  updateProfile(@CurrentSession() session: Session, @Body() dto: UpdateProfileDto, @Req() req: Request): Promise<UserView> {
    return this.account.updateProfile(session, dto, req.ip);
  }

  @Post('change-password')
  @Access('user')
  @HttpCode(204)
  changePassword(@CurrentSession() session: Session, @Body() dto: ChangePasswordDto): Promise<void> {
    return this.account.changePassword(session, dto);
  }

  @Post('password-reset/request')
  @Access('public')
  @HttpCode(202)
  async requestPasswordReset(@Body() dto: PasswordResetRequestDto, @Req() req: Request): Promise<{ message: string }> {
    await this.account.requestPasswordReset(dto, req.ip);
    return { message: RESET_REQUEST_ACCEPTED };
  }

  @Get('password-reset/:token')
  @Access('public')
  checkResetToken(@Param('token') token: string): Promise<{ valid: boolean }> {
    return this.account.checkResetToken(token);
  }

  @Post('password-reset/confirm')
  @Access('public')
  @HttpCode(204)
  resetPassword(@Body() dto: PasswordResetDto): Promise<void> {
    return this.account.resetPassword(dto);
  }

  @Post('contact')
  @Access('public')
  @HttpCode(202)
  async contact(@Body() dto: ContactDto, @Req() req: Request): Promise<{ message: string }> {
    await this.account.contact(dto, req.ip);
    return { message: CONTACT_ACCEPTED };
  }
}
