import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CreateDesignTemplateDto, DesignTemplateView, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, CurrentSession } from '../sessions/auth.guard';
import { Session } from '../sessions/session.store';

/** The account's saved designs: listed, made from a design, deleted; applied in the editor or on create. */
@Controller('api/design-templates')
export class DesignTemplatesController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @Access('user')
  list(@CurrentSession() session: Session): Promise<DesignTemplateView[]> {
    return this.bus.request(QrPattern.ListDesignTemplates, { userId: session.userId });
  }

  @Post()
  @Access('user')
  @HttpCode(201)
  create(@CurrentSession() session: Session, @Body() dto: CreateDesignTemplateDto): Promise<DesignTemplateView> {
    return this.bus.request(QrPattern.CreateDesignTemplate, { userId: session.userId, ...dto });
  }

  @Delete(':id')
  @Access('user')
  delete(@CurrentSession() session: Session, @Param('id') templateId: string): Promise<{ ok: true }> {
    return this.bus.request(QrPattern.DeleteDesignTemplate, { userId: session.userId, templateId });
  }
}
