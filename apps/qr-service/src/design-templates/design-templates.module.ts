import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { DesignTemplatesHandlers } from './design-templates.handlers';
import { DesignTemplatesService } from './design-templates.service';

/** The owner's saved design templates. */
@Module({
  imports: [CodesModule],
  controllers: [DesignTemplatesHandlers],
  providers: [DesignTemplatesService],
})
export class DesignTemplatesModule {}
