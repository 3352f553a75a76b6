// `npm run migrate`: applies every service's pending migrations (services also do it at start).
import { entryOf, runNode } from './system.mjs';
import { checkDependencies } from './preflight.mjs';

try {
  await checkDependencies(process.env);
  for (const service of ['auth-service', 'qr-service', 'billing-service']) {
    await runNode(entryOf(service), ['migrate'], process.env);
  }
  console.log('All migrations applied.');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
