// Makes the upgrade fixture of a release (issue 30): a backup of an embedded database that the
// release itself made and that an organiser and visitors have used — content edited by hand
// (texts, an uploaded photo, a new history year, changed prices) and real registrations,
// messages, applications and orders — plus what the upgrade test checks it against.
//
//   git worktree add /tmp/release <tag or commit>   # the release, built: npm ci && npm run build
//   node scripts/upgrade-fixture.mjs /tmp/release tests/fixtures/upgrade/<release>
//
// Plain JavaScript and only HTTP and the release's own commands, so it runs against any
// release's build. Writes <out>.pglite.tar.gz and <out>.json; commit both, and keep every
// earlier one (tests/app/upgrade.test.ts restores each under the current code).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [releaseDir, out] = process.argv.slice(2);
if (!releaseDir || !out) {
  console.error(
    'Usage: node scripts/upgrade-fixture.mjs <release checkout, built> <output path without extension>',
  );
  process.exit(2);
}
const release = path.resolve(releaseDir);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-fixture-'));
const port = 4870 + Math.floor(Math.random() * 100);
const base = `http://127.0.0.1:${port}`;
const OWNER = { email: 'owner@example.com', password: 'fixture-password-2026' };
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: base,
  PAYMENTS: 'test',
  LOG_LEVEL: 'warn',
  APP_SECRET: 'upgrade-fixture-secret-0123456789abcdef',
};

execFileSync(process.execPath, ['build/server/create-admin.js', '--email', OWNER.email, '--name', 'Owner'], {
  cwd: release,
  env: { ...env, ADMIN_PASSWORD: OWNER.password },
  stdio: 'inherit',
});
const server = spawn(process.execPath, ['build/server/main.js'], { cwd: release, env, stdio: 'inherit' });
const stop = () =>
  new Promise((resolve) =>
    server.exitCode !== null ? resolve() : (server.once('exit', resolve), server.kill('SIGTERM')),
  );

try {
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error('the release did not start');
    await new Promise((r) => setTimeout(r, 200));
  }

  let cookie = '';
  const call = async (method, url, body, headers = {}) => {
    const response = await fetch(base + url, {
      method,
      headers: {
        origin: base,
        cookie,
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    const setCookie = response.headers.getSetCookie?.() ?? [];
    if (setCookie.length) cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    return text ? JSON.parse(text) : undefined;
  };

  await call('POST', '/api/admin/login', { email: OWNER.email, password: OWNER.password });

  // An uploaded photo (a bundled one, uploaded as an organiser would).
  const form = new FormData();
  const photoFile = path.join(release, 'content/photos/2025/01.webp');
  form.append('file', new Blob([readFileSync(photoFile)], { type: 'image/webp' }), 'stovykla-2026.webp');
  const photo = await call('POST', '/api/admin/media', form);

  const edit = async (type, change) => {
    const doc = await call('GET', `/api/admin/content/${type}`);
    const data = structuredClone(doc.draft);
    change(data);
    const draft = await call('PUT', `/api/admin/content/${type}/draft`, {
      data,
      baseVersion: doc.draftVersion,
    });
    await call('POST', `/api/admin/content/${type}/publish`, { baseVersion: draft.draftVersion });
  };
  const texts = {
    about: {
      lt: 'Sutikite mus prie ežero – pataisyta ranka, 2026 m. lapkritis.',
      en: 'Meet us by the lake – edited by hand, November 2026.',
    },
    history: {
      lt: 'Penktasis savaitgalis: lietus, saulė ir 120 žmonių.',
      en: 'The fifth weekend: rain, sun and 120 people.',
    },
  };
  await edit('page.about', (d) => {
    d.hero.lead = texts.about;
  });
  await edit('page.history', (d) => {
    const last = d.years[0];
    d.years.unshift({
      ...structuredClone(last),
      year: '2026',
      title: texts.history,
      photos: [{ image: photo.id, caption: { lt: 'Stovykla 2026', en: 'The camp in 2026' } }],
    });
  });
  const prices = {};
  await edit('products', (d) => {
    for (const product of d.products.slice(0, 3)) {
      product.price += 150;
      prices[product.id] = product.price;
    }
  });

  // Visitors: forms and orders, as the pages post them.
  cookie = '';
  const visitor = { 'x-forwarded-for': '10.0.0.1' };
  const registrations = [
    ['Rūta', 'Žemaitytė', 'ruta@example.com', 'Vegetarė'],
    ['Jonas', 'Petraitis', 'jonas@example.com', ''],
    ['Emma', 'Jones', 'emma@example.com', 'Gluten free'],
  ];
  for (const [firstName, lastName, email, dietaryNeeds] of registrations) {
    await call(
      'POST',
      '/api/registrations',
      {
        firstName,
        lastName,
        email,
        phone: '+44 7700 900456',
        participationType: ['compete'],
        camping: 'tent',
        adults: 2,
        children: 1,
        dietaryNeeds,
        accessibilityNeeds: '',
        notes: '',
        agreedToRules: true,
        dataConsent: true,
        healthConsent: true,
        language: firstName === 'Emma' ? 'en' : 'lt',
        homepage: '',
        elapsedMs: 45_000,
      },
      visitor,
    );
  }
  await call(
    'POST',
    '/api/contact',
    {
      name: 'Jonas Petraitis',
      email: 'jonas@example.com',
      phone: '',
      subject: 'volunteers',
      message: 'Norėčiau padėti statyti palapines.',
      language: 'lt',
      homepage: '',
      elapsedMs: 30_000,
    },
    visitor,
  );
  await call(
    'POST',
    '/api/sponsor-applications',
    {
      companyName: 'Grill & Co Ltd',
      contactPerson: 'Emma Jones',
      email: 'emma@grill.example',
      phone: '029 2000 1234',
      website: 'grill.example',
      sponsorshipLevel: 'gold',
      sponsorshipTypes: ['logo', 'prizes'],
      budgetRange: '1000-2500',
      message: 'We would love to provide the prize.',
      language: 'en',
      homepage: '',
      elapsedMs: 60_000,
    },
    visitor,
  );
  for (const productId of Object.keys(prices).slice(0, 2)) {
    await call(
      'POST',
      '/api/orders',
      {
        product_id: productId,
        quantity: 2,
        customer_name: 'Jonas Jonaitis',
        customer_email: 'jonas@example.lt',
        customer_phone: '+44 7700 900123',
        delivery_method: 'delivery',
        delivery_address: { street: '5 Lake Road', city: 'Cardiff', postal_code: 'CF10 1AA', country: 'GB' },
        language: 'lt',
      },
      visitor,
    );
  }

  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  execFileSync(
    process.execPath,
    ['build/server/backup-cli.js', 'backup', path.resolve(`${out}.pglite.tar.gz`)],
    {
      cwd: release,
      env,
      stdio: 'inherit',
    },
  );
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: release, encoding: 'utf8' }).trim();
  writeFileSync(
    `${out}.json`,
    `${JSON.stringify(
      {
        release: commit,
        madeAt: new Date().toISOString(),
        owner: OWNER,
        photo: photo.id,
        texts: { '/apie-rengini': texts.about, '/istorija': texts.history },
        prices,
        rows: {
          registrations: 3,
          contacts: 1,
          sponsor_applications: 1,
          bbq_orders: 2,
          media: 1,
          admin_users: 1,
        },
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Wrote ${out}.pglite.tar.gz and ${out}.json`);
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
