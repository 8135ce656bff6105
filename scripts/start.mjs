// npm start: install what is missing, build the pages and the server if needed, then run the server
// (it migrates the database, seeds the demo data and prints how to sign in).
import { spawn } from 'node:child_process';
import { buildWebIfStale } from './build-web.mjs';
import { ensureNodeModules } from './ensure-installed.mjs';

ensureNodeModules();
buildWebIfStale();
// Imported once the packages are there: it builds the server (esbuild) when a source is newer.
const { SERVER_NODE_ARGS } = await import('./server-command.mjs');

const server = spawn(process.execPath, SERVER_NODE_ARGS, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
