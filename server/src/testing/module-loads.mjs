// `node --import ./server/src/testing/module-loads.mjs …`: prints `module-load: <package>` on stderr for
// each OpenTelemetry package the process loads (@opentelemetry/*, @fastify/otel), whether imported (ESM,
// through a resolve hook) or required (CommonJS). The tracing tests read it to tell what tracing loaded.
import Module, { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const WATCHED = /[\\/]node_modules[\\/](@opentelemetry[\\/][^\\/]+|@fastify[\\/]otel)[\\/]/;
const reported = new Set();
/** One line per package, the first time one of its files loads, with what loaded it. */
const report = (url, by = '') => {
  const name = WATCHED.exec(url)?.[1];
  if (!name || reported.has(name)) return;
  reported.add(name);
  process.stderr.write(`module-load: ${name}${by ? ` (required by ${by})` : ''}\n`);
};

const { port1, port2 } = new MessageChannel();
port1.on('message', report);
port1.unref();
register('./module-loads-hook.mjs', {
  parentURL: import.meta.url,
  data: { port: port2, watched: WATCHED.source },
  transferList: [port2],
});

const load = Module._load;
Module._load = function loadWatched(request, parent, isMain) {
  const loaded = load.call(this, request, parent, isMain);
  try {
    const path = Module._resolveFilename(request, parent, isMain);
    if (WATCHED.test(path)) report(path, parent?.filename);
  } catch {
    // a built-in or unresolvable request: not ours to report
  }
  return loaded;
};
