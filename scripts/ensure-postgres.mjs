// When DATABASE_URL points at this machine, makes sure PostgreSQL is installed and running
// (Debian's packages, trust auth on 127.0.0.1) before the tests use it.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const reachable = (host, port) =>
  new Promise((resolve) => {
    const s = net.connect({ host, port }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.setTimeout(2000, () => {
      s.destroy();
      resolve(false);
    });
  });

export async function ensurePostgres(url = process.env.DATABASE_URL) {
  if (!url) return;
  const u = new URL(url);
  const host = u.hostname;
  const port = Number(u.port || 5432);
  if (await reachable(host, port)) return;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host))
    throw new Error(`PostgreSQL at ${host}:${port} is not reachable`);
  if (process.getuid?.() !== 0)
    throw new Error(
      `PostgreSQL is not running on ${host}:${port}; start it (e.g. sudo pg_ctlcluster <ver> main start)`,
    );
  if (!fs.existsSync('/etc/postgresql')) {
    console.log('Installing PostgreSQL from Debian packages…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql', {
      stdio: 'inherit',
    });
    const ver = fs.readdirSync('/etc/postgresql')[0];
    const hba = `/etc/postgresql/${ver}/main/pg_hba.conf`;
    fs.writeFileSync(hba, `local all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n`);
  }
  const ver = fs.readdirSync('/etc/postgresql')[0];
  console.log(`Starting PostgreSQL ${ver}…`);
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${ver} main start`, { stdio: 'inherit' });
  for (let i = 0; i < 30; i++) {
    if (await reachable(host, port)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const db = u.pathname.slice(1) || 'postgres';
  execSync(
    `su postgres -c "psql -tc \\"select 1 from pg_database where datname='${db}'\\" | grep -q 1 || createdb ${db}"`,
    { stdio: 'inherit' },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await ensurePostgres();
