/** The product's name and version, written once: the server's /config.json, the settings defaults and the web's request headers. Kept free of zod so the first download stays small. */
export const APP_NAME = 'Switchboard';
export const APP_VERSION = '1.0.0';
