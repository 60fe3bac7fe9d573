// Child process of the bench's framework floor (floor.ts): Fastify with one route answering a small JSON
// and nothing else (no logger, hooks, compression or database), so its cost per request is what any
// route of the app pays before the app does anything. Prints its URL when it listens.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare fastify: ${url}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
