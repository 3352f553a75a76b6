import type { DomainView, UpdateDomainDto } from '../dto/domain.dto';

/** Requests the qr-service answers about a workspace's custom domains. */
export enum DomainPattern {
  List = 'qr.domains.list',
  Create = 'qr.domains.create',
  Update = 'qr.domains.update',
  Delete = 'qr.domains.delete',
  /** Reads the domain's DNS records now (the schedule does the same for every domain). */
  Check = 'qr.domains.check',
  /** Every domain of every workspace (the back office), newest first. */
  AdminList = 'qr.domains.admin-list',
  /** An admin of the product disables a domain (abuse) or enables it again. */
  AdminSetDisabled = 'qr.domains.admin-set-disabled',
}

type Owned<T = object> = { userId: string; domainId: string } & T;

export interface DomainRequests {
  [DomainPattern.List]: { req: { userId: string }; res: DomainView[] };
  [DomainPattern.Create]: { req: { userId: string; hostname: string }; res: DomainView };
  [DomainPattern.Update]: { req: Owned<UpdateDomainDto>; res: DomainView };
  [DomainPattern.Delete]: { req: Owned; res: { ok: true } };
  [DomainPattern.Check]: { req: Owned; res: DomainView };
  [DomainPattern.AdminList]: { req: { limit: number }; res: (DomainView & { workspaceId: string })[] };
  [DomainPattern.AdminSetDisabled]: { req: { domainId: string; disabled: boolean; reason: string | null }; res: DomainView };
}
