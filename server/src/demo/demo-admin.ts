/** The demo data's root admin: exists only when the demo data is seeded, shown in the login hint. */
export const DEMO_ADMIN = {
  username: 'admin',
  password: 'Admin123!',
  email: 'admin@switchboard.local',
  fullName: 'Demo Administrator',
} as const;
