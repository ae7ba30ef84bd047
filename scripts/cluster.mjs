#!/usr/bin/env node
// `npm run cluster -- --instances 2`: PostgreSQL, Redis, N platform instances and nginx on this machine, for a demo
// (http://localhost:3000, the demo data) and for the tests (ADR 0122). Ctrl+C stops everything and removes its files.
import { parseArgs } from "node:util";
import { ensureBuild } from "./lib/build.mjs";
import { startCluster } from "./lib/cluster.mjs";

const { values } = parseArgs({
  options: { instances: { type: "string", default: "2" }, port: { type: "string", default: "3000" }, verbose: { type: "boolean", default: false } },
});
const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error("--instances takes a whole number from 1 to 16.");
  process.exit(2);
}
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error("--port takes a port number.");
  process.exit(2);
}
if (!(await ensureBuild())) {
  console.error("The build failed: the cluster was not started.");
  process.exit(1);
}

console.log(`Starting PostgreSQL, Redis, ${instances} instance(s) and nginx...`);
let cluster;
try {
  cluster = await startCluster({ instances, port, quiet: !values.verbose });
} catch (error) {
  console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`Cluster ready on ${cluster.url} (nginx), instances on ${cluster.instances.map((i) => i.port).join(", ")}.`);
console.log(`PostgreSQL ${cluster.postgres.url}, Redis ${cluster.redis.url}; logs in ${cluster.dir}. Ctrl+C stops it.`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log("Stopping the cluster...");
    await cluster.stop();
    process.exit(0);
  });
}
