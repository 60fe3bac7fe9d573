// The compiled server's entry, bundled as main.mjs by scripts/build-server.mjs. Modules evaluate in
// import order: stack traces are mapped before anything of the server runs. tsx (`npm run dev`, the
// tests) maps its own, and runs main.ts directly.
import './stack-source-maps.ts';
import './main.ts';
