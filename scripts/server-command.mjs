// How every script starts the server (npm start, the bench, the page measurements): plain Node running the
// compiled server (build-server.mjs; built here first when a source is newer) with the server's memory settings.
// No TypeScript loader runs in the server's process.
//
// The V8 heap is capped and its young generation kept small. After start-up the server holds about 55 MB of
// live objects (heap after a full GC); left alone, V8 lets the heap grow far past that under load before it
// collects (young generation up to 3 × 16 MB, old generation to a quarter of the machine's memory), which took
// the server's peak RSS to about 400 MB in `npm run bench`. The measurements are in docs/ARCHITECTURE.md
// ("Memory" and "Performance").
import { buildServerIfStale } from './build-server.mjs';

await buildServerIfStale();

export const SERVER_NODE_ARGS = ['--max-old-space-size=160', '--max-semi-space-size=4', 'apps/server/dist/server.js'];
