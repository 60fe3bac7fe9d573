// The resolve hook of module-loads.mjs, on the module loader's thread: posts each watched URL back.
let port;
let watched;

export function initialize(data) {
  port = data.port;
  watched = new RegExp(data.watched);
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (watched.test(resolved.url)) port.postMessage(resolved.url);
  return resolved;
}
