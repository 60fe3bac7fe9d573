/**
 * The demo data's root admin: the server seeds it and names its sign-in in /config.json when demo data is
 * on, and the web build prerenders the login page's hint with it.
 */
export const DEMO_ADMIN = {
  username: 'admin',
  password: 'Admin123!',
  email: 'admin@switchboard.local',
  fullName: 'Demo Administrator',
} as const;
