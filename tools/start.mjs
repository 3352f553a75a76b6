// `npm start`: build everything, start the five services and serve the product on :8080.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startEdge } from './edge.mjs';
import { ROOT, SERVICES, startServices } from './system.mjs';
import { checkDependencies, checkPortsFree } from './preflight.mjs';

const env = { ...process.env };
const webPort = Number(env.WEB_PORT ?? 8080);

try {
  await checkDependencies(env);
  await checkPortsFree([webPort, ...SERVICES.map((s) => Number(env[s.portEnv] ?? s.port))]);
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
let running = false;
const shutdown = async (code) => {
  await system?.stop();
  process.exit(code);
};
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  system = await startServices(env, {
    onExit: (name, code, signal) => {
      console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping everything.`);
      // During start-up startServices stops the others itself and reports the failure.
      if (running) shutdown(1);
    },
  });
  await startEdge({
    port: webPort,
    webRoot: join(ROOT, 'dist', 'apps', 'web'),
    gatewayPort: Number(env.GATEWAY_PORT ?? 3000),
    redirectPort: Number(env.REDIRECT_PORT ?? 3004),
  });
  running = true;
  console.log(`\nQR Dynamic is running: ${env.PUBLIC_BASE_URL ?? `http://localhost:${webPort}`}  (Ctrl+C to stop)\n`);
} catch (error) {
  console.error(error.message);
  await shutdown(1);
}
