import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyPrincipal, codePageRequest, CodePage, QrCodeView } from '@qrd/contracts';
import { Access, ApiResource } from '../sessions/auth.guard';
import { ApiCaller } from './api-caller.decorator';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IfMatch, UnchangedSince } from './if-match.interceptor';
import { PublicApiService } from './public-api.service';
import { ApiProblems } from './problem-responses';
import { V1_BULK_MAX, V1BulkCreateBody, V1CreateCodeBody, V1DesignBody, V1ListCodesQuery, V1UpdateCodeBody } from './v1-dto';
import { V1BulkCreateResult, V1Code, V1CodePage } from './v1-schemas';

@ApiTags('Codes')
@ApiBearerAuth()
@ApiResource('codes')
@Controller('api/v1/codes')
export class V1CodesController {
  constructor(private readonly api: PublicApiService) {}

  @Get()
  @Access('api-read')
  @ApiOperation({ operationId: 'listCodes', summary: 'List codes, a page at a time' })
  @ApiOkResponse({ type: V1CodePage })
  @ApiProblems(400, 401, 429)
  list(@ApiCaller() key: ApiKeyPrincipal, @Query() query: V1ListCodesQuery): Promise<CodePage<QrCodeView>> {
    return this.api.listCodes(key.userId, codePageRequest(query));
  }

  @Post()
  @Access('api-write')
  @HttpCode(201)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiOperation({ operationId: 'createCode', summary: 'Create a code (uses a free seat of your subscription)' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Retries with the same key within 24 hours get the first answer' })
  @ApiCreatedResponse({ type: V1Code })
  @ApiProblems(400, 401, 402, 403, 409, 429)
  create(@ApiCaller() key: ApiKeyPrincipal, @Body() body: V1CreateCodeBody): Promise<QrCodeView> {
    return this.api.createCode(key, body);
  }

  @Post('bulk')
  @Access('api-write')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  @ApiOperation({
    operationId: 'createCodes',
    summary: `Create up to ${V1_BULK_MAX} codes at once, each on a free seat; the ones refused are listed with the reason`,
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Retries with the same key within 24 hours get the first answer' })
  @ApiOkResponse({ type: V1BulkCreateResult })
  @ApiProblems(400, 401, 403, 429)
  bulkCreate(@ApiCaller() key: ApiKeyPrincipal, @Body() body: V1BulkCreateBody): Promise<V1BulkCreateResult> {
    return this.api.bulkCreate(key, body.codes) as Promise<V1BulkCreateResult>;
  }

  @Get(':id')
  @Access('api-read')
  @ApiOperation({ operationId: 'getCode', summary: 'Get a code' })
  @ApiOkResponse({ type: V1Code })
  @ApiProblems(401, 404, 429)
  get(@ApiCaller() key: ApiKeyPrincipal, @Param('id') codeId: string): Promise<QrCodeView> {
    return this.api.getCode(key.userId, codeId);
  }

  @Patch(':id')
  @Access('api-write')
  @ApiOperation({ operationId: 'updateCode', summary: 'Change the destination or hosted page, name, category, tags, folder, campaign controls or state of a code' })
  @ApiOkResponse({ type: V1Code })
  @IfMatch()
  @ApiProblems(400, 401, 403, 404, 429)
  update(
    @ApiCaller() key: ApiKeyPrincipal,
    @Param('id') codeId: string,
    @Body() body: V1UpdateCodeBody,
    @UnchangedSince() unchangedSince: string | undefined,
  ): Promise<QrCodeView> {
    return this.api.updateCode(key, codeId, body, unchangedSince);
  }

  @Put(':id/design')
  @Access('api-write')
  @ApiOperation({ operationId: 'updateCodeDesign', summary: 'Change how a code looks (colours, gradient, error correction, margin, dots, eyes, frame, transparency)' })
  @ApiOkResponse({ type: V1Code })
  @IfMatch()
  @ApiProblems(400, 401, 403, 404, 429)
  updateDesign(
    @ApiCaller() key: ApiKeyPrincipal,
    @Param('id') codeId: string,
    @Body() body: V1DesignBody,
    @UnchangedSince() unchangedSince: string | undefined,
  ): Promise<QrCodeView> {
    return this.api.updateDesign(key.userId, codeId, body, unchangedSince);
  }

  @Delete(':id')
  @Access('api-write')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteCode', summary: 'Delete a code (its seat stays free for another code until the period ends; the short link answers 404 from then on)' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @IfMatch()
  @ApiProblems(401, 403, 404, 429)
  delete(@ApiCaller() key: ApiKeyPrincipal, @Param('id') codeId: string, @UnchangedSince() unchangedSince: string | undefined): Promise<void> {
    return this.api.deleteCode(key, codeId, unchangedSince);
  }
}
