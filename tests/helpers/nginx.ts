import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Debian's nginx, and openssl for certificates; a suite that needs them skips with this reason. */
export const NGINX = '/usr/sbin/nginx';
const missing = [NGINX, 'openssl'].filter(
  (tool) => spawnSync(tool, tool === 'openssl' ? ['version'] : ['-v']).error !== undefined,
);
export const NGINX_MISSING =
  missing.length > 0 ? `not installed: ${missing.join(', ')} (apt-get install nginx openssl)` : '';

/**
 * nginx's main configuration around a shipped site file, everything under `dir` (pid, logs,
 * temporary files), as /etc/nginx/nginx.conf includes sites-enabled inside `http`.
 */
export function nginxMainConfiguration(dir: string, site: string): string {
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  chmodSync(dir, 0o755);
  chmodSync(path.join(dir, 'tmp'), 0o777); // nginx's workers may run as another user
  return `daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
${site}
}
`;
}

/** `nginx -t` of that configuration, written to `dir/nginx.conf`. */
export function nginxTest(dir: string, site: string): { ok: boolean; output: string } {
  writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConfiguration(dir, site));
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  return { ok: check.status === 0, output: check.stderr };
}

/** A self-signed certificate for localhost, as `fullchain.pem`-like `certificate` and `key`. */
export function selfSignedCertificate(certificate: string, key: string): void {
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost']
      .concat(['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'])
      .concat(['-keyout', key, '-out', certificate]),
    { stdio: 'ignore' },
  );
}

/** A shipped site file with each pattern replaced; a pattern the file no longer has fails the test. */
export function siteWith(shipped: string, substitutions: Array<[RegExp, string]>): string {
  let site = shipped;
  for (const [pattern, replacement] of substitutions) {
    if (!pattern.test(site)) throw new Error(`the shipped configuration has no ${pattern}`);
    pattern.lastIndex = 0;
    site = site.replace(pattern, replacement);
  }
  return site;
}
