// The backup's file thread's entry: a worker starts as plain Node, so it registers tsx before loading its TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./backup-worker.ts');
