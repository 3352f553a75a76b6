import { Module } from '@nestjs/common';
import { CityPlaces } from './city-places';
import { CodeScanRemoval } from './code-scan-removal';
import { DimensionFolder } from './dimension-folder';
import { ScanIngestion } from './scan-ingestion';
import { ScanMaintenance } from './scan-maintenance';
import { ScansRepository } from './scans.repository';

/** Scan ingestion from the redirect-service's stream, rollups and retention; the codes' scan-data port. */
@Module({
  providers: [CityPlaces, ScansRepository, DimensionFolder, ScanMaintenance, ScanIngestion, CodeScanRemoval],
  exports: [CodeScanRemoval],
})
export class ScansModule {}
