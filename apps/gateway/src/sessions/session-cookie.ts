import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { SESSION_ABSOLUTE_SECONDS } from './session.store';

/**
 * HttpOnly, SameSite=Lax; Secure with the __Host- prefix when the site is served over https.
 * The value is `<session id>.<HMAC-SHA256 of the id under SESSION_SECRET>`: a cookie that was not
 * issued by us (tampered, guessed, or signed with a former secret) is refused before any lookup.
 */
@Injectable()
export class SessionCookie {
  readonly name: string;
  private readonly secure: boolean;
  private readonly secret: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = config.publicBaseUrl.startsWith('https://');
    this.name = this.secure ? '__Host-qrd_session' : 'qrd_session';
    this.secret = config.sessionSecret;
  }

  /** The session id of a validly signed cookie, else undefined. */
  read(req: Request): string | undefined {
    const value = (req.cookies as Record<string, string> | undefined)?.[this.name];
    if (typeof value !== 'string' || value.length === 0 || value.length >= 200) return undefined;
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const sessionId = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(this.signature(sessionId));
    return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : undefined;
  }

  write(res: Response, sessionId: string): void {
    res.cookie(this.name, `${sessionId}.${this.signature(sessionId)}`, { ...this.options(), maxAge: SESSION_ABSOLUTE_SECONDS * 1000 });
  }

  private signature(sessionId: string): string {
    return createHmac('sha256', this.secret).update(`session:${sessionId}`).digest('base64url');
  }

  clear(res: Response): void {
    res.clearCookie(this.name, this.options());
  }

  private options(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/' };
  }
}
