import type { ServiceDatabase } from '@qrd/database';
import { CreateQr1763900000000 } from './migrations/1763900000000-create-qr';
import { ScanRollups1795000000100 } from './migrations/1795000000100-scan-rollups';
import { CodeVersions1795000100000 } from './migrations/1795000100000-code-versions';
import { RollupDimDeltas1796400000000 } from './migrations/1796400000000-rollup-dim-deltas';
import { RollupHours1796400000100 } from './migrations/1796400000100-rollup-hours';
import { CodeListPages1797000000000 } from './migrations/1797000000000-code-list-pages';
import { Outbox1797100000000 } from './migrations/1797100000000-outbox';
import { CampaignControls1797400000000 } from './migrations/1797400000000-campaign-controls';
import { CustomSlugs1797400000100 } from './migrations/1797400000100-custom-slugs';
import { CodePasswords1797400000200 } from './migrations/1797400000200-code-passwords';
import { AbuseHandling17973000000000 } from './migrations/17973000000000-abuse-handling';
import { Webhooks1797700000000 } from './migrations/1797700000000-webhooks';
import { ErasedOwners1797800000000 } from './migrations/1797800000000-erased-owners';
import { DataExports1798200000000 } from './migrations/1798200000000-data-exports';
import { CodeHistory17983000000000 } from './migrations/17983000000000-code-history';
import { VisitorHashCollation17973000000100 } from './migrations/17973000000100-visitor-hash-collation';
import { CodeOrganisation17990000000000 } from './migrations/17990000000000-code-organisation';
import { DesignTemplates17991000000000 } from './migrations/17991000000000-design-templates';
import { ContentCodes17992000000000 } from './migrations/17992000000000-content-codes';
import { BulkImports17994000000000 } from './migrations/17994000000000-bulk-imports';
import { BulkImportTemplates17995000000000 } from './migrations/17995000000000-bulk-import-templates';
import { VisitorRemovals17996000000000 } from './migrations/17996000000000-visitor-removals';
import { DimensionCompression17996000000100 } from './migrations/17996000000100-dimension-compression';
import { ScanActivity17997000000500 } from './migrations/17997000000500-scan-activity';
import { BulkImportCancel17997400000000 } from './migrations/17997400000000-bulk-import-cancel';
import { BulkImportSeatsBought17997500000000 } from './migrations/17997500000000-bulk-import-seats-bought';
import { HistoryMember18000000000000 } from './migrations/18000000000000-history-member';
import { ExportRequester18001000000000 } from './migrations/18001000000000-export-requester';
import { CustomDomains18002000000000 } from './migrations/18002000000000-custom-domains';
import { Conversions18003000000000 } from './migrations/18003000000000-conversions';
import { ScanSource18004000000000 } from './migrations/18004000000000-scan-source';
import { AnalyticsSettings18005000000000 } from './migrations/18005000000000-analytics-settings';
import { ConversionRules18006000000000 } from './migrations/18006000000000-conversion-rules';
import { UniqueWindow18006000000500 } from './migrations/18006000000500-unique-window';
import { CityPlaces18007000000000 } from './migrations/18007000000000-city-places';
import { CompactScans18008000000000 } from './migrations/18008000000000-compact-scans';

/** The qr schema. Access is plain SQL through the DataSource (see the *.repository.ts files). */
export const QR_DATABASE: ServiceDatabase = {
  schema: 'qr',
  entities: [],
  migrations: [
    CreateQr1763900000000,
    ScanRollups1795000000100,
    CodeVersions1795000100000,
    RollupDimDeltas1796400000000,
    RollupHours1796400000100,
    CodeListPages1797000000000,
    Outbox1797100000000,
    CampaignControls1797400000000,
    CustomSlugs1797400000100,
    CodePasswords1797400000200,
    AbuseHandling17973000000000,
    Webhooks1797700000000,
    ErasedOwners1797800000000,
    DataExports1798200000000,
    CodeHistory17983000000000,
    VisitorHashCollation17973000000100,
    CodeOrganisation17990000000000,
    DesignTemplates17991000000000,
    ContentCodes17992000000000,
    BulkImports17994000000000,
    BulkImportTemplates17995000000000,
    VisitorRemovals17996000000000,
    DimensionCompression17996000000100,
    ScanActivity17997000000500,
    BulkImportCancel17997400000000,
    BulkImportSeatsBought17997500000000,
    HistoryMember18000000000000,
    ExportRequester18001000000000,
    CustomDomains18002000000000,
    Conversions18003000000000,
    ScanSource18004000000000,
    AnalyticsSettings18005000000000,
    ConversionRules18006000000000,
    UniqueWindow18006000000500,
    CityPlaces18007000000000,
    CompactScans18008000000000,
  ],
};
