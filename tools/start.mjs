// `npm start`: build everything, start the five services and serve the product on :8080.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startEdge } from './edge.mjs';
import { ROOT, startServices } from './system.mjs';
import { checkDependencies } from './preflight.mjs';

const env = { ...process.env };
const webPort = Number(env.WEB_PORT ?? 8080);

try {
  await checkDependencies(env);
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
  system = await startServices(env, {
    onExit: (name, code, signal) => {
      console.error(`${name} stopped unexpectedly (${signal ?? `exit ${code}`}); stopping everything.`);
      shutdown(1);
    },
  });
  await startEdge({
    port: webPort,
    webRoot: join(ROOT, 'dist', 'apps', 'web'),
    gatewayPort: Number(env.GATEWAY_PORT ?? 3000),
    redirectPort: Number(env.REDIRECT_PORT ?? 3004),
  });
  console.log(`\nQR Dynamic is running: ${env.PUBLIC_BASE_URL ?? `http://localhost:${webPort}`}  (Ctrl+C to stop)\n`);
} catch (error) {
  console.error(error.message);
  await shutdown(1);
}
