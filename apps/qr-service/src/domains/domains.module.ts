import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { DomainDns } from './domain-dns';
import { DomainsHandlers } from './domains.handlers';
import { DomainsRepository } from './domains.repository';
import { DomainsService } from './domains.service';
import { RedirectHosts } from './redirect-hosts';

/** Custom short domains: adding, DNS verification on a schedule, and the redirect table's set of hosts. */
@Module({
  imports: [CodesModule],
  controllers: [DomainsHandlers],
  providers: [DomainsRepository, DomainDns, RedirectHosts, DomainsService],
})
export class DomainsModule {}
