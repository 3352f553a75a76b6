import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { SESSION_ABSOLUTE_SECONDS } from './session.store';

/** HttpOnly, SameSite=Lax; Secure with the __Host- prefix when the site is served over https. */
@Injectable()
export class SessionCookie {
  readonly name: string;
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = config.publicBaseUrl.startsWith('https://');
    this.name = this.secure ? '__Host-qrd_session' : 'qrd_session';
  }

  read(req: Request): string | undefined {
    const value = (req.cookies as Record<string, string> | undefined)?.[this.name];
    return typeof value === 'string' && value.length > 0 && value.length < 200 ? value : undefined;
  }

  write(res: Response, sessionId: string): void {
    res.cookie(this.name, sessionId, { ...this.options(), maxAge: SESSION_ABSOLUTE_SECONDS * 1000 });
  }

  clear(res: Response): void {
    res.clearCookie(this.name, this.options());
  }

  private options(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/' };
  }
}
