import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConversionPattern, ConversionRequests } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { ConversionsService } from './conversions.service';

type Req<P extends ConversionPattern> = ConversionRequests[P]['req'];
type Res<P extends ConversionPattern> = Promise<ConversionRequests[P]['res']>;

@MessageController()
export class ConversionsHandlers {
  constructor(private readonly conversions: ConversionsService) {}

  @MessagePattern(ConversionPattern.Record)
  record(@Payload() req: Req<ConversionPattern.Record>): Res<ConversionPattern.Record> {
    return this.conversions.record(req.userId, req);
  }

  @MessagePattern(ConversionPattern.StripeEvent)
  stripeEvent(@Payload() req: Req<ConversionPattern.StripeEvent>): Res<ConversionPattern.StripeEvent> {
    return this.conversions.stripeEvent(req.workspaceId, req.payload, req.signature);
  }

  @MessagePattern(ConversionPattern.GetSettings)
  settings(@Payload() req: Req<ConversionPattern.GetSettings>): Res<ConversionPattern.GetSettings> {
    return this.conversions.settings(req.userId);
  }

  @MessagePattern(ConversionPattern.SetSettings)
  saveSettings(@Payload() req: Req<ConversionPattern.SetSettings>): Res<ConversionPattern.SetSettings> {
    return this.conversions.saveSettings(req.userId, req.stripeWebhookSecret);
  }
}
