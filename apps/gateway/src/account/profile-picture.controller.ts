import { Controller, Delete, Get, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthPattern, DomainError, ErrorCode, UserView } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';

/** The address carries the picture's version (?v=), so the browser may keep it; the ETag covers a stale address. */
const MAX_AGE_S = 7 * 24 * 3600;

/** The signed-in user's profile picture: upload (the body is the file), show, remove. */
@Controller('api/profile/picture')
export class ProfilePictureController {
  constructor(private readonly bus: MessageBus) {}

  @Post()
  @HttpCode(200)
  @Access('user')
  upload(@CurrentSession() session: Session, @Req() req: Request): Promise<UserView> {
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new DomainError(ErrorCode.Validation, 'Upload the picture as the image file itself', { picture: 'Choose an image file' });
    }
    return this.bus.request(AuthPattern.SetProfilePicture, { userId: session.userId, imageBase64: body.toString('base64') });
  }

  @Delete()
  @Access('user')
  remove(@CurrentSession() session: Session): Promise<UserView> {
    return this.bus.request(AuthPattern.SetProfilePicture, { userId: session.userId, imageBase64: null });
  }

  @Get()
  @Access('user')
  async show(@CurrentSession() session: Session, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: Response): Promise<void> {
    const file = await this.bus.request(AuthPattern.GetProfilePicture, { userId: session.userId, ...(ifNoneMatch ? { ifNoneMatch } : {}) });
    res.setHeader('ETag', file.etag);
    res.setHeader('Cache-Control', `private, max-age=${MAX_AGE_S}`);
    res.setHeader('Vary', 'Cookie');
    if (file.base64 === null) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).send(Buffer.from(file.base64, 'base64'));
  }
}
