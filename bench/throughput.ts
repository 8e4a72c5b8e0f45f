// HTTP throughput with autocannon: our server against nginx serving the same built files.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export interface ThroughputRow {
  target: string;
  url: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export async function measure(
  target: string,
  url: string,
  options: Partial<autocannon.Options> = {},
): Promise<ThroughputRow> {
  const result = await autocannon({ url, connections: 50, duration: 10, ...options });
  return {
    target,
    url,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Starts nginx (Debian package; installed on demand) serving `root` on `port`. `compress`:
 * gzip like our server does (the build's .gz files, HTML on the fly), for page-load
 * comparisons where bytes on the wire count.
 */
export async function startNginx(root: string, port: number, { compress = false } = {}): Promise<() => void> {
  if (spawnSync('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx']).status !== 0) {
    console.log('Installing nginx (Debian package) for the comparison…');
    const install = spawnSync(
      'sh',
      ['-c', 'apt-get update -qq && apt-get install -y -qq nginx-light || apt-get install -y -qq nginx'],
      {
        stdio: 'inherit',
      },
    );
    if (install.status !== 0) throw new Error('could not install nginx');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bbq-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
${compress ? '  gzip on;\n  gzip_static on;\n  gzip_comp_level 9;\n  gzip_types text/css application/javascript image/svg+xml;\n' : ''}  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${path.resolve(root)};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const nginx = spawn('nginx', ['-c', conf, '-p', dir], { stdio: 'inherit' });
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return () => {
    nginx.kill('SIGTERM');
    nginx.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  };
}
