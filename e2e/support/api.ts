/** Direct API calls for arranging test data, so a spec's clicks go to what it is about. */
export async function apiToken(baseUrl: string, username = 'admin', password = 'Admin123!'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    // As a browser signs in (the bench signs in this way too, and sends this on every request).
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function createUser(
  baseUrl: string,
  token: string,
  user: { username: string; email: string; full_name?: string; password: string; is_admin?: boolean },
): Promise<{ id: string }> {
  const res = await fetch(`${baseUrl}/api/v1/admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(user),
  });
  if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data;
}
