// The bench's bare route (scripts/bench.ts): a plain Fastify app in a process of its own, with no
// plugin, hook or database, answering GET /bench/bare with the JSON body it is given in
// BENCH_BARE_BODY. It prints the port it listens on, then serves until it is killed.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BENCH_BARE_BODY ?? '{}');
const app = Fastify({ logger: false });
app.get('/bench/bare', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
