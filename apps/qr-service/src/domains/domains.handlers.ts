import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainPattern, DomainRequests, DomainView } from '@qrd/contracts';
import { MessageController } from '@qrd/messaging';
import { DomainsService } from './domains.service';

type Req<P extends DomainPattern> = DomainRequests[P]['req'];
type Res<P extends DomainPattern> = Promise<DomainRequests[P]['res']>;

@MessageController()
export class DomainsHandlers {
  constructor(private readonly domains: DomainsService) {}

  @MessagePattern(DomainPattern.List)
  list(@Payload() req: Req<DomainPattern.List>): Promise<DomainView[]> {
    return this.domains.list(req.userId);
  }

  @MessagePattern(DomainPattern.Create)
  create(@Payload() req: Req<DomainPattern.Create>): Promise<DomainView> {
    return this.domains.create(req.userId, req.hostname);
  }

  @MessagePattern(DomainPattern.Update)
  update(@Payload() req: Req<DomainPattern.Update>): Promise<DomainView> {
    return this.domains.update(req.userId, req.domainId, req);
  }

  @MessagePattern(DomainPattern.Delete)
  async delete(@Payload() req: Req<DomainPattern.Delete>): Res<DomainPattern.Delete> {
    await this.domains.delete(req.userId, req.domainId);
    return { ok: true };
  }

  @MessagePattern(DomainPattern.Check)
  check(@Payload() req: Req<DomainPattern.Check>): Promise<DomainView> {
    return this.domains.checkNow(req.userId, req.domainId);
  }

  @MessagePattern(DomainPattern.AdminList)
  adminList(@Payload() req: Req<DomainPattern.AdminList>): Res<DomainPattern.AdminList> {
    return this.domains.adminList(req.limit);
  }

  @MessagePattern(DomainPattern.AdminSetDisabled)
  adminSetDisabled(@Payload() req: Req<DomainPattern.AdminSetDisabled>): Promise<DomainView> {
    return this.domains.adminSetDisabled(req.domainId, req.disabled, req.reason);
  }
}
