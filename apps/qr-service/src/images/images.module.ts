import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { CodeArchiveController } from './code-archive.controller';
import { CodeArchiveService } from './code-archive';
import { CodeDesignHandlers } from './code-design.handlers';
import { CodeImagesController } from './code-images.controller';
import { CodeImagesService } from './code-images.service';

/** A code's design and logo, its rendered images (rendering/) and the archives of several. */
@Module({
  imports: [CodesModule],
  controllers: [CodeImagesController, CodeArchiveController, CodeDesignHandlers],
  providers: [CodeImagesService, CodeArchiveService],
})
export class ImagesModule {}
