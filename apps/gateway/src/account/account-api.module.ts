import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { pictureUploadMiddleware } from './picture-upload.middleware';
import { ProfilePictureController } from './profile-picture.controller';

/** /api/profile, /api/profile/picture, /api/change-password, /api/password-reset/*, /api/contact. */
@Module({ controllers: [AccountController, ProfilePictureController], providers: [AccountService] })
export class AccountApiModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(pictureUploadMiddleware).forRoutes({ path: 'api/profile/picture', method: RequestMethod.POST });
  }
}
