// A bare Fastify hello-world: the ceiling the API is measured against.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/hello", async () => ({ data: [{ code: "hello", text: "world" }] }));
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
