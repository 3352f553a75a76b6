import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  CONTACT_ACCEPTED,
  ChangePasswordDto,
  ConfirmEmailChangeDto,
  ContactDto,
  CurrentPasswordDto,
  DisableTwoFactorDto,
  PasswordResetDto,
  PasswordResetRequestDto,
  RecoveryCodesView,
  RESET_REQUEST_ACCEPTED,
  SecondFactorCodeDto,
  TwoFactorSetupView,
  UpdateProfileDto,
  UserView,
  AuthPattern,
  WeeklyReportDto,
  WeeklyReportSetting,
  WeeklyReportUnsubscribeDto,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';
import { AccountService } from './account.service';

@Controller('api')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly bus: MessageBus,
  ) {}

  /** The weekly scans report by mail (opt-in). */
  @Get('weekly-report')
  @Access('user')
  weeklyReport(@CurrentSession() session: Session): Promise<WeeklyReportSetting> {
    return this.bus.request(AuthPattern.GetWeeklyReport, { userId: session.userId });
  }

  @Put('weekly-report')
  @Access('user')
  setWeeklyReport(@CurrentSession() session: Session, @Body() dto: WeeklyReportDto): Promise<WeeklyReportSetting> {
    return this.bus.request(AuthPattern.SetWeeklyReport, { userId: session.userId, enabled: dto.enabled, timeZone: dto.timeZone });
  }

  /** The link in a report; public: it works without signing in (the token is signed). */
  @Post('weekly-report/unsubscribe')
  @Access('public')
  @HttpCode(200)
  unsubscribeWeeklyReport(@Body() dto: WeeklyReportUnsubscribeDto): Promise<WeeklyReportSetting> {
    return this.bus.request(AuthPattern.UnsubscribeWeeklyReport, { token: dto.token });
  }

  @Patch('profile')
  @Access('user')
  updateProfile(@CurrentSession() session: Session, @Body() dto: UpdateProfileDto, @Req() req: Request): Promise<UserView> {
    return this.account.updateProfile(session, dto, req.ip);
  }

  /** The link mailed to a new address; public: it may be opened in another browser. */
  @Post('email-change/confirm')
  @Access('public')
  @HttpCode(200)
  confirmEmailChange(@Body() dto: ConfirmEmailChangeDto): Promise<{ email: string }> {
    return this.account.confirmEmailChange(dto.token);
  }

  @Delete('email-change')
  @Access('user')
  cancelEmailChange(@CurrentSession() session: Session): Promise<UserView> {
    return this.account.cancelEmailChange(session);
  }

  /** Deletes the signed-in account for good (password re-entered); this browser is signed out. */
  @Delete('account')
  @Access('user')
  @HttpCode(204)
  deleteAccount(@CurrentSession() session: Session, @Body() dto: CurrentPasswordDto, @Res({ passthrough: true }) res: Response): Promise<void> {
    return this.account.deleteAccount(session, dto, res);
  }

  @Post('two-factor/setup')
  @Access('user')
  @HttpCode(200)
  startTwoFactor(@CurrentSession() session: Session, @Body() dto: CurrentPasswordDto): Promise<TwoFactorSetupView> {
    return this.account.startTwoFactor(session, dto);
  }

  @Post('two-factor/enable')
  @Access('user')
  @HttpCode(200)
  enableTwoFactor(@CurrentSession() session: Session, @Body() dto: SecondFactorCodeDto): Promise<RecoveryCodesView> {
    return this.account.enableTwoFactor(session, dto);
  }

  @Post('two-factor/disable')
  @Access('user')
  @HttpCode(204)
  disableTwoFactor(@CurrentSession() session: Session, @Body() dto: DisableTwoFactorDto): Promise<void> {
    return this.account.disableTwoFactor(session, dto);
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
