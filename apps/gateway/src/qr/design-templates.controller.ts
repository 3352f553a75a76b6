import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CreateDesignTemplateDto, DesignTemplateView, QrPattern } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { CurrentWorkspace, InWorkspace, WorkspaceContext } from '../sessions/workspace-context';
import { Access } from '../sessions/auth.guard';

/** The account's saved designs: listed, made from a design, deleted; applied in the editor or on create. */
@Controller('api/design-templates')
@InWorkspace({ read: 'codes.read', write: 'codes.write' })
export class DesignTemplatesController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @Access('user')
  list(@CurrentWorkspace() workspace: WorkspaceContext): Promise<DesignTemplateView[]> {
    return this.bus.request(QrPattern.ListDesignTemplates, { userId: workspace.id });
  }

  @Post()
  @Access('user')
  @HttpCode(201)
  create(@CurrentWorkspace() workspace: WorkspaceContext, @Body() dto: CreateDesignTemplateDto): Promise<DesignTemplateView> {
    return this.bus.request(QrPattern.CreateDesignTemplate, { userId: workspace.id, ...dto });
  }

  @Delete(':id')
  @Access('user')
  delete(@CurrentWorkspace() workspace: WorkspaceContext, @Param('id') templateId: string): Promise<{ ok: true }> {
    return this.bus.request(QrPattern.DeleteDesignTemplate, { userId: workspace.id, templateId });
  }
}
