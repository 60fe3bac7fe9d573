import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const sb = process.argv[2];
const t0 = performance.now();
const db = await PGlite.create('/tmp/cs-demo/pglite', { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sb}`] });
const t1 = performance.now();
await db.query('select count(*) from users');
console.log(sb, Math.round(t1 - t0), 'ms');
await db.close();
