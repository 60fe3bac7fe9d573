/** What `npm run bench` measures, each with the p99 latency it should stay under on this 2-core machine. */
export interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  authenticated?: boolean;
  connections?: number;
  durationSeconds?: number;
  targetP99Ms: number;
}

export const scenarios: Scenario[] = [
  { name: 'readiness (database ping)', path: '/api/v1/health/ready', authenticated: false, targetP99Ms: 50 },
  { name: 'users: first page', path: '/api/v1/admin/public/users?page=1&limit=10', targetP99Ms: 100 },
  { name: 'users: search "son"', path: '/api/v1/admin/public/users?search=son', targetP99Ms: 150 },
  { name: 'users: admins filter', path: '/api/v1/admin/public/users?status=admin', targetP99Ms: 100 },
  { name: 'users: page 150', path: '/api/v1/admin/public/users?page=150', targetP99Ms: 150 },
  {
    name: 'sign-in (argon2id)',
    path: '/api/v1/auth/login',
    method: 'POST',
    body: { username: 'admin', password: 'Admin123!' },
    authenticated: false,
    connections: 4,
    targetP99Ms: 500,
  },
];
