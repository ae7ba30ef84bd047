// The nginx site in front of the platform's instances (ADR 0122). One function writes it, for deploy/nginx/ (the
// file people copy, checked against this function by tests/unit/deploy-files.test.ts) and for `npm run cluster`.

/**
 * @param {{ upstreams: string[], listen: string | number, serverName: string, assetsRoot: string, brotli: boolean }} site
 * @returns {string} the text of an nginx `http { }` block's content: upstream, map and server.
 */
export function nginxSite({ upstreams, listen, serverName, assetsRoot, brotli }) {
  const servers = upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join("\n");
  return `# nginx in front of the platform's instances (ADR 0122). Written by scripts/lib/nginx-site.mjs: change it there.
# On Debian: apt-get install nginx-light libnginx-mod-http-brotli-static, copy this file to
# /etc/nginx/sites-enabled/, then nginx -t && systemctl reload nginx. TLS: add listen 443 ssl and the certificate.

# The platform's instances, taken in turn. An instance that refuses a connection is left out for 5 s, and a
# request that can be repeated safely (GET, HEAD) goes to the next one; a POST is never sent twice.
upstream pharma_training {
${servers}
    keepalive 32;
}

# A websocket asks for an upgrade; any other request keeps its upstream connection alive.
map $http_upgrade $pharma_training_connection {
    default upgrade;
    ''      '';
}

server {
    listen ${listen};
    server_name ${serverName};

    # The largest upload (profile picture, login image, illustration) is 2 MiB; a multipart body adds a little.
    client_max_body_size 3m;

    # Content-hashed build files: nginx serves them with their precompressed copies (npm run build writes .br and .gz).
    location /assets/ {
        root ${assetsRoot};
${brotli ? "        brotli_static on;\n" : ""}        gzip_static on;
        add_header Cache-Control "public, max-age=31536000, immutable";
        access_log off;
        try_files $uri @platform;
    }

    # Realtime (Pusher protocol): websockets stay open, with a ping every 120 s.
    location /app/ {
        proxy_pass http://pharma_training;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $pharma_training_connection;
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-Host $http_host;
        proxy_read_timeout 300s;
        proxy_send_timeout 300s;
    }

    location / {
        proxy_pass http://pharma_training;
        proxy_http_version 1.1;
        proxy_set_header Connection $pharma_training_connection;
        proxy_set_header Host $http_host;
        # nginx is the edge: the address it saw replaces any X-Forwarded-For the client sent (rate limits use it).
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-Host $http_host;
        proxy_next_upstream error timeout http_502;
        proxy_next_upstream_tries 2;
        proxy_connect_timeout 2s;
        proxy_read_timeout 60s;
    }

    location @platform {
        proxy_pass http://pharma_training;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
    }
}
`;
}

/** The site as deploy/nginx/pharma-training.conf holds it: two instances on 3001 and 3002, the build in /srv. */
export const DEPLOYED_SITE = {
  upstreams: ["127.0.0.1:3001", "127.0.0.1:3002"],
  listen: 80,
  serverName: "_",
  assetsRoot: "/srv/pharma-training/build/client",
  brotli: true,
};
