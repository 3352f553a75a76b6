import { Module } from '@nestjs/common';
import { BulkCodeActions } from './bulk-code-actions.service';
import { CodeCreationService } from './code-creation.service';
import { CodeEvents } from './code-events';
import { CodeRules } from './code-rules';
import { CodeUpdatesService } from './code-updates.service';
import { CodesHandlers } from './codes.handlers';
import { CodeDomainsRepository } from './code-domains.repository';
import { CodesRepository } from './codes.repository';
import { CodesService } from './codes.service';
import { FoldersService } from './folders.service';
import { OwnerCodesService } from './owner-codes.service';
import { RedirectTable } from './redirect-table';
import { RedirectTableMaintainer } from './redirect-table-maintainer';
import { SeatGate } from './seat-gate';

/**
 * Codes and folders: their use cases, the outbox and the redirect table. The bottom of the
 * qr-service: it imports no feature module, and the ports of code-ports.ts it needs are provided
 * globally by CodePortsModule.
 */
@Module({
  controllers: [CodesHandlers],
  providers: [
    CodesRepository,
    CodeDomainsRepository,
    CodesService,
    CodeRules,
    CodeCreationService,
    CodeUpdatesService,
    BulkCodeActions,
    OwnerCodesService,
    SeatGate,
    FoldersService,
    CodeEvents,
    RedirectTable,
    RedirectTableMaintainer,
  ],
  exports: [CodesRepository, CodesService, CodeRules, CodeUpdatesService, OwnerCodesService, CodeEvents, RedirectTableMaintainer],
})
export class CodesModule {}
