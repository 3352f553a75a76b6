import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access } from '../sessions/auth.guard';
import { OpenApiDocument } from './openapi-document';
import { ApiReferencePage } from './api-reference-page';

/** The API's description, public: /api/v1/openapi.json and the interactive reference at /docs/api. */
@ApiExcludeController()
@Controller()
export class OpenApiController {
  constructor(
    private readonly document: OpenApiDocument,
    @Inject(ApiReferencePage) private readonly reference: ApiReferencePage,
  ) {}

  @Get('api/v1/openapi.json')
  @Access('public')
  @Header('Cache-Control', 'public, max-age=300')
  openApi(): unknown {
    return this.document.get();
  }

  @Get('docs/api')
  @Access('public')
  page(@Res() res: Response): void {
    this.reference.sendPage(res);
  }

  @Get('docs/api/scalar.js')
  @Access('public')
  script(@Res() res: Response): void {
    this.reference.sendScript(res);
  }
}
