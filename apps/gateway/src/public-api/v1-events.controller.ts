import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiKeyPrincipal, ConversionPattern, ConversionView, LeadEventDto, SaleEventDto } from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { Access, ApiResource } from '../sessions/auth.guard';
import { ApiCaller } from './api-caller.decorator';
import { ApiProblems } from './problem-responses';

const SCAN_ID_DESCRIPTION = 'The scan that brought the visitor: the qrd_id your page received (codes that send it: campaign setting passScanId)';

export class V1LeadEventBody extends LeadEventDto {
  @ApiProperty({ format: 'uuid', description: SCAN_ID_DESCRIPTION }) declare scanId: string;
  @ApiPropertyOptional({ minLength: 1, maxLength: 200, description: 'The lead in your system; the same one is counted once (without it: one lead per scan)' })
  declare externalId?: string;
}

export class V1SaleEventBody extends SaleEventDto {
  @ApiProperty({ format: 'uuid', description: SCAN_ID_DESCRIPTION }) declare scanId: string;
  @ApiProperty({ minLength: 1, maxLength: 200, description: 'The sale in your system (an order id); the same one is counted once' }) declare externalId: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'In minor units of the currency (cents for EUR or USD)', example: 2599 }) declare amount: number;
  @ApiProperty({ pattern: '^[A-Z]{3}$', description: 'ISO 4217', example: 'EUR' }) declare currency: string;
}

export class V1Conversion {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['lead', 'sale'] }) kind!: string;
  @ApiProperty({ format: 'uuid' }) scanId!: string;
  @ApiProperty({ format: 'uuid' }) codeId!: string;
  @ApiProperty() externalId!: string;
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'null' }], description: 'Minor units (sales)' }) amount!: number | null;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'null' }], description: 'ISO 4217 (sales)' }) currency!: string | null;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'null' }], description: 'The A/B variant the scan was sent to' }) variant!: string | null;
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'null' }], description: "The routing rule that sent the scan: its 1-based position in the code's rules then in force" }) rule!: number | null;
  @ApiProperty({ enum: ['api', 'stripe'] }) source!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'This external id was recorded before: nothing new was counted (answered 200 instead of 201)' }) duplicate!: boolean;
}

/** Conversions reported by the destination site's server (docs/conversions.md). */
@ApiTags('Conversions')
@ApiBearerAuth()
@ApiResource('analytics')
@Controller('api/v1/events')
export class V1EventsController {
  constructor(private readonly bus: MessageBus) {}

  @Post('lead')
  @Access('api-write')
  @HttpCode(201)
  @ApiOperation({ operationId: 'recordLead', summary: 'Record a lead against the scan that brought the visitor' })
  @ApiCreatedResponse({ type: V1Conversion, description: 'Recorded' })
  @ApiOkResponse({ type: V1Conversion, description: 'Recorded before (the same external id): counted once' })
  @ApiProblems(400, 401, 403, 404, 429)
  lead(@ApiCaller() key: ApiKeyPrincipal, @Body() body: V1LeadEventBody, @Res({ passthrough: true }) res: Response): Promise<ConversionView> {
    return this.record(key, { kind: 'lead', scanId: body.scanId, externalId: body.externalId ?? null, amount: null, currency: null }, res);
  }

  @Post('sale')
  @Access('api-write')
  @HttpCode(201)
  @ApiOperation({ operationId: 'recordSale', summary: 'Record a sale (amount and currency) against the scan that brought the visitor' })
  @ApiCreatedResponse({ type: V1Conversion, description: 'Recorded' })
  @ApiOkResponse({ type: V1Conversion, description: 'Recorded before (the same external id): counted once' })
  @ApiProblems(400, 401, 403, 404, 429)
  sale(@ApiCaller() key: ApiKeyPrincipal, @Body() body: V1SaleEventBody, @Res({ passthrough: true }) res: Response): Promise<ConversionView> {
    return this.record(key, { kind: 'sale', scanId: body.scanId, externalId: body.externalId, amount: body.amount, currency: body.currency }, res);
  }

  private async record(
    key: ApiKeyPrincipal,
    event: { kind: 'lead' | 'sale'; scanId: string; externalId: string | null; amount: number | null; currency: string | null },
    res: Response,
  ): Promise<ConversionView> {
    const conversion = await this.bus.request(ConversionPattern.Record, { userId: key.userId, ...event });
    if (conversion.duplicate) res.status(200);
    return conversion;
  }
}
