import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthPattern, DomainError, ErrorCode, LoginDto, RegisterDto, TwoFactorLoginDto, UserView } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession, SessionRequest } from '../sessions/auth.guard';
import { Session, SessionStore } from '../sessions/session.store';
import { SignInService } from './sign-in.service';

@Controller('api')
export class AuthController {
  constructor(
    private readonly signIn: SignInService,
    private readonly bus: MessageBus,
    private readonly sessions: SessionStore,
  ) {}

  @Post('register')
  @Access('public')
  @HttpCode(201)
  register(@Body() dto: RegisterDto, @Req() req: SessionRequest, @Res({ passthrough: true }) res: Response) {
    return this.signIn.register(dto, req, res);
  }

  @Post('login')
  @Access('public')
  @HttpCode(200)
  login(@Body() dto: LoginDto, @Req() req: SessionRequest, @Res({ passthrough: true }) res: Response) {
    return this.signIn.login(dto, req, res);
  }

  /** The second step of a sign-in with two-factor on: the ticket of POST /api/login and a code. */
  @Post('login/two-factor')
  @Access('public')
  @HttpCode(200)
  loginWithCode(@Body() dto: TwoFactorLoginDto, @Req() req: SessionRequest, @Res({ passthrough: true }) res: Response) {
    return this.signIn.loginWithCode(dto, req, res);
  }

  @Post('logout')
  @Access('public')
  @HttpCode(204)
  async logout(@Req() req: SessionRequest, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.signIn.logout(req, res);
  }

  /**
   * Full-page helper: /api/login goes to the sign-in screen. Signing out is POST /api/logout only:
   * a GET (a link, an <img>, a prefetch) must never end a session, so GET /api/logout is a 404.
   */
  @Get('login')
  @Access('public')
  loginPage(@Res() res: Response): void {
    res.redirect(302, '/auth');
  }

  @Get('auth/user')
  @Access('user')
  async currentUser(@CurrentSession() session: Session): Promise<UserView> {
    const user = await this.bus.request(AuthPattern.GetUser, { userId: session.userId });
    if (user.status !== 'active') {
      // Normally already gone (suspension ends sessions); make sure this one does not linger.
      await this.sessions.destroy(session.id);
      throw new DomainError(ErrorCode.Unauthenticated, 'Your account has been suspended');
    }
    return user;
  }
}
