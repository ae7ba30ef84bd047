// deploy/ holds what people copy (ADR 0122): each file is checked against what the platform reads.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEPLOYED_SITE, nginxSite } from "../../scripts/lib/nginx-site.mjs";
import { readEnv } from "../../server/env.ts";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
const hasNginx = spawnSync("sh", ["-c", "command -v nginx"]).status === 0 && fs.existsSync(BROTLI_MODULE);

describe("deploy/", () => {
  it("the nginx site is the one scripts/lib/nginx-site.mjs writes (the cluster runs the same)", () => {
    expect(read("deploy/nginx/pharma-training.conf")).toBe(nginxSite(DEPLOYED_SITE));
  });

  it.skipIf(!hasNginx)("nginx accepts the site", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-site-"));
    const conf = path.join(dir, "nginx.conf");
    const site = read("deploy/nginx/pharma-training.conf").replace("listen 80;", "listen 127.0.0.1:1;");
    fs.writeFileSync(conf, `load_module ${BROTLI_MODULE};\nerror_log stderr;\npid ${dir}/pid;\nevents {}\nhttp {\ninclude /etc/nginx/mime.types;\n${site}}\n`);
    const check = spawnSync("nginx", ["-t", "-p", dir, "-c", conf], { encoding: "utf8" });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(check.stderr).toContain("syntax is ok");
    expect(check.status).toBe(0);
  });

  it("the environment example is read by the platform, and names no variable it does not know", () => {
    const lines = read("deploy/pharma-training.env.example")
      .split("\n")
      .filter((line) => line && !line.startsWith("#"));
    const example = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
    const env = readEnv({ ...example, DATA_DIR: os.tmpdir() });
    for (const name of Object.keys(example)) expect(env, name).toHaveProperty(name, example[name]);
    expect(env.FILE_STORE).toBe("database");
    expect(env.TRUST_PROXY).toBe("true");
  });

  it("the systemd unit starts the server as npm start does, on its own port and data folder", () => {
    const unit = read("deploy/systemd/pharma-training@.service");
    expect(read("scripts/start.mjs")).toContain('["--import", "tsx", path.join(ROOT, "server", "index.ts")]');
    expect(unit).toContain("ExecStart=/usr/bin/node --import tsx server/index.ts");
    expect(unit).toMatch(/Environment=.*PORT=%i.*DATA_DIR=\/var\/lib\/pharma-training\/%i/);
    expect(unit).toContain("EnvironmentFile=/etc/pharma-training/env");
  });
});
