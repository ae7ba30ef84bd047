import { startCluster } from "../../scripts/lib/cluster.mjs";

/** Starts the cluster once for the run; the tests read its ports and secret from the environment. */
export default async function globalSetup() {
  // A cluster already running (npm run cluster with PUSHER_APP_SECRET set): its ports are given, nothing to start.
  if (process.env.CLUSTER_INSTANCE_PORTS) return;
  const cluster = await startCluster({ instances: 2, port: Number(process.env.CLUSTER_PORT) });
  process.env.CLUSTER_INSTANCE_PORTS = cluster.instances.map((instance) => instance.port).join(",");
  process.env.CLUSTER_PUSHER_SECRET = cluster.env.PUSHER_APP_SECRET;
  return async () => {
    await cluster.stop();
  };
}
