// `npm start`: build everything, start the five services (as many replicas of each as REPLICAS
// says, e.g. REPLICAS=redirect-service=3,gateway=2) and serve the product on :8080. A replica that
// dies is started again with backoff; the front door sends its requests to the others meanwhile.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startEdge } from './edge.mjs';
import { replicaPorts, replicasOf, ROOT, SERVICES, startServices } from './system.mjs';
import { checkDependencies, checkPortsFree } from './preflight.mjs';

const env = { ...process.env };
const webPort = Number(env.WEB_PORT ?? 8080);

try {
  const replicas = replicasOf(env.REPLICAS);
  await checkDependencies(env);
  await checkPortsFree([webPort, ...SERVICES.flatMap((s) => replicaPorts(env, s, replicas))]);
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

console.log('Building (cached after the first time)...');
execFileSync(process.execPath, [join(ROOT, 'node_modules', 'nx', 'bin', 'nx.js'), 'run-many', '-t', 'build', '--parallel=2', '--outputStyle=static'], {
  stdio: 'inherit',
  cwd: ROOT,
  env: { ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});

let system;
const shutdown = async (code) => {
  await system?.stop();
  process.exit(code);
};
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  // During start-up a service that fails stops the others and the failure is reported; once up,
  // one that dies is started again (the supervisor says so on stderr).
  system = await startServices(env, { restart: true });
  await startEdge({
    port: webPort,
    webRoot: join(ROOT, 'dist', 'apps', 'web'),
    gatewayPort: system.ports.gateway,
    redirectPort: system.ports['redirect-service'],
  });
  console.log(`\nQR Dynamic is running: ${env.PUBLIC_BASE_URL ?? `http://localhost:${webPort}`}  (Ctrl+C to stop)\n`);
} catch (error) {
  console.error(error.message);
  await shutdown(1);
}
