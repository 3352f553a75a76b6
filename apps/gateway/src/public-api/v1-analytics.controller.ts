import { Controller, Get, Headers, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccountAnalytics, ApiKeyPrincipal, CodeAnalytics } from '@qrd/contracts';
import { Access, ApiResource } from '../sessions/auth.guard';
import { ApiCaller } from './api-caller.decorator';
import { ApiProblems } from './problem-responses';
import { PublicApiService } from './public-api.service';
import { V1AccountAnalyticsQuery, V1CodeAnalyticsQuery, V1ImageQuery } from './v1-dto';
import { V1AccountAnalytics, V1CodeAnalytics } from './v1-schemas';

/** A code's image, its scans export, and the analytics of a code or of the account. */
@ApiTags('Images, scans and analytics')
@ApiBearerAuth()
@ApiResource('analytics')
@Controller('api/v1')
export class V1AnalyticsController {
  constructor(private readonly api: PublicApiService) {}

  @Get('codes/:id/image')
  @Access('api-read')
  @ApiResource('codes')
  @ApiOperation({ operationId: 'getCodeImage', summary: 'The code as PNG, SVG or PDF (ETag: the image changes only with the design)' })
  @ApiProduces('image/png', 'image/svg+xml', 'application/pdf')
  @ApiOkResponse({ description: 'The image, as an attachment named qrcode-{id}.{format}', content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/svg+xml': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiProblems(400, 401, 404, 429)
  image(
    @ApiCaller() key: ApiKeyPrincipal,
    @Param('id') codeId: string,
    @Query() query: V1ImageQuery,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.api.image(key.userId, codeId, query, ifNoneMatch, req.ip, res);
  }

  @Get('codes/:id/scans.csv')
  @Access('api-read')
  @ApiOperation({ operationId: 'exportScans', summary: 'Every stored scan of the code as CSV, streamed' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'One scan a line, newest first', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiProblems(401, 404, 429)
  scansCsv(@ApiCaller() key: ApiKeyPrincipal, @Param('id') codeId: string, @Res() res: Response): Promise<void> {
    return this.api.scansExport(key.userId, codeId, 'csv', res);
  }

  @Get('codes/:id/scans.ndjson')
  @Access('api-read')
  @ApiOperation({ operationId: 'exportScansNdjson', summary: 'Every stored scan of the code as newline-delimited JSON, streamed' })
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({
    description: 'One JSON object a line, newest first, with the CSV columns as keys (scanned_at, is_bot, country, ...)',
    content: { 'application/x-ndjson': { schema: { type: 'string' } } },
  })
  @ApiProblems(401, 404, 429)
  scansNdjson(@ApiCaller() key: ApiKeyPrincipal, @Param('id') codeId: string, @Res() res: Response): Promise<void> {
    return this.api.scansExport(key.userId, codeId, 'ndjson', res);
  }

  @Get('codes/:id/analytics')
  @Access('api-read')
  @ApiOperation({ operationId: 'getCodeAnalytics', summary: "A code's scans over a range of days in a time zone" })
  @ApiOkResponse({ type: V1CodeAnalytics })
  @ApiProblems(400, 401, 404, 429)
  codeAnalytics(@ApiCaller() key: ApiKeyPrincipal, @Param('id') codeId: string, @Query() query: V1CodeAnalyticsQuery): Promise<CodeAnalytics> {
    return this.api.codeAnalytics(key.userId, codeId, query);
  }

  @Get('analytics')
  @Access('api-read')
  @ApiOperation({ operationId: 'getAccountAnalytics', summary: "The account's scans: totals, the last 30 days, top codes" })
  @ApiOkResponse({ type: V1AccountAnalytics })
  @ApiProblems(400, 401, 429)
  accountAnalytics(@ApiCaller() key: ApiKeyPrincipal, @Query() query: V1AccountAnalyticsQuery): Promise<AccountAnalytics> {
    return this.api.accountAnalytics(key.userId, query.tz);
  }
}
