import { Module } from '@nestjs/common';
import { CodeScanRemoval } from './code-scan-removal';
import { DimensionFolder } from './dimension-folder';
import { ScanIngestion } from './scan-ingestion';
import { ScanMaintenance } from './scan-maintenance';
import { ScansRepository } from './scans.repository';

/** Scan ingestion from the redirect-service's stream, rollups and retention; the codes' scan-data port. */
@Module({
  providers: [ScansRepository, DimensionFolder, ScanMaintenance, ScanIngestion, CodeScanRemoval],
  exports: [CodeScanRemoval],
})
export class ScansModule {}
