import sourceMapSupport from 'source-map-support';

/**
 * Stack traces of the compiled server name the TypeScript files and lines: the bundle's source maps are
 * read the first time a stack is formatted. Node's --enable-source-maps instead read and indexed every
 * chunk's map as it loaded, ~150 ms of each start (bench/README.md, "Cold start"). Uncaught exceptions
 * stay Node's (and process-faults.ts's) to handle.
 */
sourceMapSupport.install({ environment: 'node', handleUncaughtExceptions: false });
