import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Logger } from '@qrd/config';
import type { Request, Response } from 'express';
import {
  AuthPattern,
  BillingPattern,
  DomainError,
  DomainEvent,
  ErrorCode,
  LoginDto,
  RegisterDto,
  TwoFactorChallengeView,
  TwoFactorLoginDto,
  UserView,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { RateLimiter } from '../sessions/rate-limiter';
import { SessionCookie } from '../sessions/session-cookie';
import { SessionStore } from '../sessions/session.store';
import { SessionRequest } from '../sessions/auth.guard';
import { LIMITS, loginDelayMs } from './limits';
import { TwoFactorTickets } from './two-factor-tickets';

export const TWO_FACTOR_PROMPT = 'Enter the 6-digit code from your authenticator app.';
const TICKET_EXPIRED = 'Your sign-in has expired. Please sign in again.';

/** Login, registration and logout: credentials are checked by the auth-service, sessions live here. */
const INVITATION_ENDED: Record<string, string> = {
  accepted: 'This invitation has already been used',
  revoked: 'This invitation has been withdrawn',
  expired: 'This invitation has expired: ask for a new one',
};

@Injectable()
export class SignInService {
  constructor(
    private readonly bus: MessageBus,
    private readonly sessions: SessionStore,
    private readonly cookie: SessionCookie,
    private readonly limiter: RateLimiter,
    private readonly tickets: TwoFactorTickets,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The password step. With two-factor sign-in on, no session yet: the answer is 202 with a
   * ticket for the code step (loginWithCode).
   */
  async login(dto: LoginDto, req: SessionRequest, res: Response): Promise<UserView | TwoFactorChallengeView> {
    const username = dto.username.trim().toLowerCase();
    await this.limiter.hit(LIMITS.loginPerIp(req.ip), LIMITS.loginPerUsernameAndIp(username, req.ip));
    const wait = loginDelayMs(await this.limiter.count(LIMITS.loginFailures(username).key));
    if (wait > 0) await delay(wait);
    let user: UserView;
    try {
      user = await this.bus.request(AuthPattern.Login, { username: dto.username, password: dto.password });
    } catch (error) {
      // Only wrong credentials grow the delay: an outage must not slow down everyone's next login.
      if (error instanceof DomainError && error.code === ErrorCode.Unauthenticated) {
        await this.limiter.hit(LIMITS.loginFailures(username));
      }
      throw error;
    }
    await this.limiter.reset(LIMITS.loginFailures(username).key, LIMITS.loginPerUsernameAndIp(username, req.ip).key);
    if (user.twoFactorEnabled) {
      res.status(202);
      return { twoFactorRequired: true, ticket: await this.tickets.issue(user.id), message: TWO_FACTOR_PROMPT };
    }
    await this.startSession(user, req, res);
    return user;
  }

  /**
   * The code step: an authenticator code or a recovery code for the ticket's account. Limited like
   * the password step (per address, per account and address, growing delays per account), and a
   * ticket allows only a few tries.
   */
  async loginWithCode(dto: TwoFactorLoginDto, req: SessionRequest, res: Response): Promise<UserView> {
    await this.limiter.hit(LIMITS.loginPerIp(req.ip));
    const userId = await this.tickets.userOf(dto.ticket);
    if (!userId) throw new DomainError(ErrorCode.Gone, TICKET_EXPIRED);
    await this.limiter.hit(LIMITS.twoFactorPerUserAndIp(userId, req.ip));
    const wait = loginDelayMs(await this.limiter.count(LIMITS.twoFactorFailures(userId).key));
    if (wait > 0) await delay(wait);
    let user: UserView;
    try {
      user = await this.bus.request(AuthPattern.VerifySecondFactor, { userId, code: dto.code });
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.Unauthenticated) {
        await this.limiter.hit(LIMITS.twoFactorFailures(userId));
        await this.tickets.failed(dto.ticket);
      }
      throw error;
    }
    if (!(await this.tickets.redeem(dto.ticket))) throw new DomainError(ErrorCode.Gone, TICKET_EXPIRED);
    await this.limiter.reset(LIMITS.twoFactorFailures(userId).key, LIMITS.twoFactorPerUserAndIp(userId, req.ip).key);
    await this.startSession(user, req, res, true);
    return user;
  }

  /**
   * An account is created only once its subscription is paid (DESIGN.md section 6): the
   * billing-service asks the payment provider that this subscription is paid and was bought for
   * this email, then the new account takes over the signup's customer.
   */
  async register(dto: RegisterDto, req: SessionRequest, res: Response): Promise<UserView> {
    await this.limiter.hit(LIMITS.signupPerIp(req.ip));
    if (dto.invitationToken && !dto.stripeCustomerId && !dto.stripeSubscriptionId) return this.registerInvited(dto, dto.invitationToken, req, res);
    if (!dto.stripeCustomerId || !dto.stripeSubscriptionId) {
      throw new DomainError(ErrorCode.PaymentRequired, 'Please complete the payment before creating your account.');
    }
    const payment = { customerId: dto.stripeCustomerId, subscriptionId: dto.stripeSubscriptionId };
    const { interval } = await this.bus.request(BillingPattern.VerifySignupPayment, { email: dto.email, ...payment });
    const user = await this.bus.request(AuthPattern.Register, {
      username: dto.username,
      email: dto.email,
      password: dto.password,
      billingInterval: interval,
      language: dto.language,
    });
    await this.linkPayment(user.id, payment);
    await this.startSession(user, req, res);
    return user;
  }

  /**
   * Signing up from an invitation: no payment (the workspace pays for its codes), the invited
   * address only, checked before the account is made; the new account then joins. Should the
   * invitation be used or withdrawn in between, the account stays, signed in, without joining.
   */
  private async registerInvited(dto: RegisterDto, token: string, req: SessionRequest, res: Response): Promise<UserView> {
    const invitation = await this.bus.request(AuthPattern.PreviewInvitation, { token });
    if (invitation.state !== 'pending') {
      throw new DomainError(ErrorCode.Gone, INVITATION_ENDED[invitation.state] ?? 'This invitation link is not valid');
    }
    if (invitation.email !== dto.email.trim().toLowerCase()) {
      throw new DomainError(ErrorCode.Forbidden, `This invitation is for ${invitation.email}: sign up with that address`, {
        email: `Use the invited address, ${invitation.email}`,
      });
    }
    const user = await this.bus.request(AuthPattern.Register, { username: dto.username, email: dto.email, password: dto.password, language: dto.language });
    try {
      await this.bus.request(AuthPattern.AcceptInvitation, { token, userId: user.id });
    } catch (error) {
      this.logger.warn({ err: error, userId: user.id }, 'account made from an invitation that could not be accepted');
    }
    await this.startSession(user, req, res);
    return user;
  }

  /**
   * The account exists and its payment is made: they must meet. Linking is tried at once; if the
   * billing-service cannot answer now, the link is handed over as a durable event (retried until
   * it works), so the new customer is signed in and never left "paid, no account" or asked to pay
   * twice. A payment already used by another account still fails the signup.
   */
  private async linkPayment(userId: string, payment: { customerId: string; subscriptionId: string }): Promise<void> {
    try {
      await this.bus.request(BillingPattern.LinkCustomer, { userId, ...payment });
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.Conflict) throw error;
      this.logger.warn({ err: error, userId }, 'signup payment not linked at once; handed to billing as an event');
      await this.bus.emitEvent(DomainEvent.SignupPaid, { userId, ...payment });
    }
  }

  async logout(req: Request, res: Response): Promise<void> {
    const id = this.cookie.read(req);
    if (id) await this.sessions.destroy(id);
    this.cookie.clear(res);
  }

  /** A new session id at every sign-in; any session the browser already had is ended. */
  async startSession(user: UserView, req: Request, res: Response, twoFactor = false): Promise<void> {
    const previous = this.cookie.read(req);
    if (previous) await this.sessions.destroy(previous);
    const session = await this.sessions.create(user.id, user.role, twoFactor);
    this.cookie.write(res, session.id);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
