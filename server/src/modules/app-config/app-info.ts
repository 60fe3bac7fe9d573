export const APP_NAME = 'Switchboard';
export const APP_VERSION = '0.1.0';
