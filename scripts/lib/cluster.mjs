// A cluster on this machine (ADR 0122): a PostgreSQL server and a Redis server of its own, N platform instances on
// them, each with its own DATA_DIR (nothing shared through the disk), and nginx in front, taking them in turn.
// `npm run cluster` runs it for a demo; the cluster journeys, the fault tests and bench:cluster start it from code.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./build.mjs";
import { nginxSite } from "./nginx-site.mjs";

const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/** A port nothing listens on now. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** GET /back/api/health on 127.0.0.1:port, as the visitor's host `localhost` would: its HTTP status, or 0. */
export async function healthStatus(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/back/api/health`, { headers: { host: "localhost" }, signal: AbortSignal.timeout(3000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

function stopChild(child, signal = "SIGTERM", timeoutMs = 15_000) {
  if (!child || exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", () => (clearTimeout(force), resolve()));
    child.kill(signal);
  });
}

function newestPostgresBin() {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, "bin", "initdb"))) : [];
  if (versions.length === 0) throw new Error("PostgreSQL's server programs are not installed (/usr/lib/postgresql/<version>/bin/initdb)");
  return path.join(base, String(Math.max(...versions.map(Number))), "bin");
}

/** The user PostgreSQL runs as: the current one, or `postgres` when this is root (initdb refuses root). */
function postgresOwner() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(spawnSync("id", ["-u", "postgres"]).stdout.toString().trim());
  const gid = Number(spawnSync("id", ["-g", "postgres"]).stdout.toString().trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error("running as root needs a `postgres` user to run PostgreSQL as");
  return { uid, gid };
}

/** A PostgreSQL server of the cluster's own, in `dir`, on `port`: a throw-away test server (fsync off). */
function privatePostgres(dir, port, log) {
  const bin = newestPostgresBin();
  const owner = postgresOwner();
  fs.mkdirSync(dir, { recursive: true });
  if (owner.uid !== undefined) fs.chownSync(dir, owner.uid, owner.gid);
  const init = spawnSync(path.join(bin, "initdb"), ["-D", dir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"], { ...owner, encoding: "utf8" });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  let child = null;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const api = {
    url,
    port,
    async start() {
      const options = ["-D", dir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${dir}`];
      options.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=200");
      child = spawn(path.join(bin, "postgres"), options, { ...owner, stdio: ["ignore", log, log] });
      await waitFor(
        "PostgreSQL",
        async () => {
          if (exited(child)) throw new Error(`PostgreSQL exited (${child.exitCode ?? child.signalCode}); see ${dir}`);
          const ready = spawnSync(path.join(bin, "pg_isready"), ["-q", "-h", "127.0.0.1", "-p", String(port)]);
          return ready.status === 0;
        },
        30_000,
      );
    },
    /** A fast shutdown: open connections are cut, as in a restart by the administrator. */
    stop: () => stopChild(child, "SIGINT"),
    async restart() {
      await api.stop();
      await api.start();
    },
  };
  return api;
}

function privateRedis(port, log) {
  let child = null;
  const api = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", log, log] });
      await waitFor("Redis", () => portAnswers(port), 15_000);
    },
    stop: () => stopChild(child, "SIGTERM"),
  };
  return api;
}

function instanceProcess({ index, port, env, log }) {
  let child = null;
  const api = {
    index,
    port,
    url: `http://localhost:${port}`,
    get pid() {
      return child?.pid;
    },
    get running() {
      return Boolean(child) && !exited(child);
    },
    async start() {
      child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "index.ts")], {
        cwd: ROOT,
        stdio: ["ignore", log, log],
        env: { ...env, PORT: String(port) },
      });
      await waitFor(
        `instance ${index}`,
        async () => {
          if (exited(child)) throw new Error(`instance ${index} exited (${child.exitCode ?? child.signalCode}) while starting`);
          return (await healthStatus(port)) === 200;
        },
        180_000,
      );
    },
    /** kill -9: no shutdown, requests in flight are cut. */
    async kill() {
      if (!child || exited(child)) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
    },
    stop: () => stopChild(child, "SIGTERM", 20_000),
  };
  return api;
}

function nginxProcess({ dir, port, upstreams, log }) {
  const brotli = fs.existsSync(BROTLI_MODULE);
  const site = nginxSite({ upstreams, listen: `127.0.0.1:${port}`, serverName: "_", assetsRoot: path.join(ROOT, "build", "client"), brotli });
  const temp = (name) => `${name}_temp_path ${path.join(dir, name)};`;
  const conf = [
    brotli ? `load_module ${BROTLI_MODULE};` : "",
    // The test cluster runs as whoever started it (root in CI reads the build and writes its temporary files).
    process.getuid?.() === 0 ? "user root;" : "",
    "daemon off;",
    "worker_processes 1;",
    `pid ${path.join(dir, "nginx.pid")};`,
    `error_log ${path.join(dir, "error.log")} warn;`,
    "events { worker_connections 4096; }",
    "http {",
    "include /etc/nginx/mime.types;",
    "access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp),
    site,
    "}",
    "",
  ].join("\n");
  const file = path.join(dir, "nginx.conf");
  fs.writeFileSync(file, conf);
  let child = null;
  return {
    url: `http://localhost:${port}`,
    port,
    config: file,
    async start() {
      child = spawn("nginx", ["-p", dir, "-c", file, "-e", path.join(dir, "error.log")], { stdio: ["ignore", log, log] });
      await waitFor(
        "nginx",
        async () => {
          if (exited(child)) throw new Error(`nginx exited: ${fs.readFileSync(path.join(dir, "error.log"), "utf8")}`);
          return portAnswers(port);
        },
        15_000,
      );
    },
    stop: () => stopChild(child, "SIGQUIT"),
  };
}

/** The last lines of each log of the cluster, for an error message. */
function logTails(dir) {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".log"))
    .map((name) => `\n--- ${name}\n${fs.readFileSync(path.join(dir, name), "utf8").split("\n").slice(-15).join("\n")}`)
    .join("");
}

/**
 * Starts the whole cluster. Options: instances (2), port (nginx's; a free one when 0), env (added to every
 * instance's), quiet (logs to files in the cluster's folder instead of this terminal).
 */
export async function startCluster({ instances = 2, port = 0, env = {}, quiet = true } = {}) {
  if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) throw new Error("No build found: run `npm run build` first.");
  const which = spawnSync("sh", ["-c", "command -v nginx"]);
  if (which.status !== 0) throw new Error("nginx is not installed: apt-get install -y nginx-light (and libnginx-mod-http-brotli-static)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pharma-cluster-"));
  fs.chmodSync(dir, 0o755);
  const logFile = (name) => (quiet ? fs.openSync(path.join(dir, `${name}.log`), "a") : "inherit");
  const nginxPort = port || (await freePort());
  const postgres = privatePostgres(path.join(dir, "postgres"), await freePort(), logFile("postgres"));
  const redis = privateRedis(await freePort(), logFile("redis"));
  const stops = [];
  const cluster = { dir, postgres, redis, nginx: null, instances: [], url: `http://localhost:${nginxPort}` };
  cluster.stop = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await postgres.start();
    stops.push(() => postgres.stop());
    await redis.start();
    stops.push(() => redis.stop());
    const pg = await import("pg");
    const admin = new pg.default.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("CREATE DATABASE platform");
    await admin.end();
    const shared = {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: postgres.url.replace(/\/postgres$/, "/platform"),
      REDIS_URL: redis.url,
      FILE_STORE: "database",
      TRUST_PROXY: "true",
      PUBLIC_PORT: String(nginxPort),
      // Every instance must sign and read the same sessions and realtime tokens.
      APP_SECRET: process.env.APP_SECRET ?? randomBytes(24).toString("hex"),
      PUSHER_APP_SECRET: process.env.PUSHER_APP_SECRET ?? randomBytes(24).toString("hex"),
      PAYMENT_PROVIDER: "sandbox",
      LOG_LEVEL: "warn",
      ...env,
    };
    const ports = [];
    for (let i = 0; i < instances; i++) ports.push(await freePort());
    cluster.instances = ports.map((instancePort, index) => {
      const dataDir = path.join(dir, `instance-${index + 1}`);
      fs.mkdirSync(dataDir);
      return instanceProcess({ index: index + 1, port: instancePort, env: { ...shared, DATA_DIR: dataDir }, log: logFile(`instance-${index + 1}`) });
    });
    cluster.env = shared;
    for (const instance of cluster.instances) stops.push(() => instance.stop());
    // All at once: the start-up lock lets one migrate and seed the demo data while the others wait for it.
    await Promise.all(cluster.instances.map((instance) => instance.start()));
    const nginxDir = path.join(dir, "nginx");
    fs.mkdirSync(nginxDir);
    cluster.nginx = nginxProcess({ dir: nginxDir, port: nginxPort, upstreams: ports.map((p) => `127.0.0.1:${p}`), log: logFile("nginx") });
    await cluster.nginx.start();
    stops.push(() => cluster.nginx.stop());
    return cluster;
  } catch (error) {
    const logs = quiet ? logTails(dir) : "";
    await cluster.stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}${logs}`);
  }
}
