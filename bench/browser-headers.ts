// What a browser sends with every request and the server answers differently for: the encodings it
// accepts. Every HTTP request of `npm run bench` carries it, so responses over @fastify/compress's
// threshold (1 kB) are compressed as a user's are.
export const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br' } as const;
