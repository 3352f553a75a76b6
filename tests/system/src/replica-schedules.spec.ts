import { Queue } from 'bullmq';
import { QrQueue } from '@qrd/contracts';
import { bullPrefix, redisOptions } from '@qrd/messaging';
import { QrReconciler } from '../../../apps/qr-service/src/reconciliation/qr-reconciler';
import { ScanMaintenance } from '../../../apps/qr-service/src/scans/scan-maintenance';
import { TestSystem } from './harness';

const REPLICAS = ['qr', 'qr2', 'qr3'];

/** What must happen once per period happens once with any number of qr-service replicas (docs/scaling.md). */
describe('scheduled work with three qr-service replicas', () => {
  let system: TestSystem;
  let queue: Queue;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['qr'] });
    await system.startService('qr', 'qr2');
    await system.startService('qr', 'qr3');
    queue = new Queue(QrQueue.DataExports, { connection: redisOptions(system.config.redisUrl), prefix: bullPrefix(system.config.redisPrefix) });
  });

  afterAll(async () => {
    await queue.close();
    await system.stop();
  });

  const replicas = () => REPLICAS.map((key) => system.apps.get(key)!);

  it('runs the hourly scan housekeeping and the reconciliation on one replica a period, whichever asks first', async () => {
    // The three timers fire in the same period: one replica does the work, the others skip it.
    const housekeeping = await Promise.all(replicas().map((app) => app.get(ScanMaintenance).runIfFirst()));
    expect(housekeeping.filter(Boolean)).toHaveLength(1);
    const reconciled = await Promise.all(replicas().map((app) => app.get(QrReconciler).runIfFirst()));
    expect(reconciled.filter(Boolean)).toHaveLength(1);
    // Asked again within the same period: nobody runs it again.
    expect((await Promise.all(replicas().map((app) => app.get(ScanMaintenance).runIfFirst()))).filter(Boolean)).toHaveLength(0);
    expect((await Promise.all(replicas().map((app) => app.get(QrReconciler).runIfFirst()))).filter(Boolean)).toHaveLength(0);
  });

  it('keeps one schedule of the expired exports sweep however many replicas declare it', async () => {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => scheduler.key)).toEqual(['sweep-expired-exports']);
  });
});
