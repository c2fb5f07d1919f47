// Real mail servers for the mail room's `imap` connector tests: Dovecot (IMAP, LMTP, SASL) and
// Postfix (SMTP) from Debian's packages, installed when missing and started with the test domain
// `mail.test` and a few users (password `secret`). Dovecot runs from its own config file under
// /var/lib/portal-mail-test so Debian's defaults stay untouched (outside the checkout: a Dovecot
// started from a clone that is deleted later would keep its port and drop every login); Postfix is
// the system instance, told to
// accept mail for mail.test on 127.0.0.1:25 and hand it to Dovecot over LMTP.
// Exports the endpoints in MAIL_TEST_* form; without root (or with MAIL_SERVERS=off) it does nothing.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const MAIL_TEST = {
  domain: 'mail.test',
  users: ['alice', 'bob', 'carol'],
  password: 'secret',
  imapPort: 10143,
  lmtpPort: 10024,
  saslPort: 10025,
  smtpPort: 25,
};

const dir = '/var/lib/portal-mail-test';

const reachable = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.setTimeout(2000, () => {
      s.destroy();
      resolve(false);
    });
  });

/** Dovecot answers its greeting: a listening Dovecot whose config or mail directory is gone does not */
const imapGreets = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.once('data', (chunk) => done(String(chunk).startsWith('* OK')));
    s.on('error', () => done(false));
    s.on('close', () => done(false));
    s.setTimeout(3000, () => done(false));
  });

const waitFor = async (port) => {
  for (let i = 0; i < 40; i++) {
    if (await reachable(port)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
};

function install() {
  const missing = [
    ['/usr/sbin/dovecot', 'dovecot-imapd dovecot-lmtpd'],
    ['/usr/sbin/postfix', 'postfix'],
  ].filter(([bin]) => !fs.existsSync(bin));
  if (missing.length === 0) return;
  console.log('Installing Dovecot and Postfix from Debian packages…');
  execSync(
    "echo 'postfix postfix/main_mailer_type select Local only' | debconf-set-selections && " +
      "echo 'postfix postfix/mailname string portal.local' | debconf-set-selections && " +
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.map((m) => m[1]).join(' ')}`,
    { stdio: 'inherit' },
  );
}

function dovecotConfig() {
  fs.mkdirSync(path.join(dir, 'run'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'mail'), { recursive: true });
  const users = MAIL_TEST.users.map((u) => `${u}@${MAIL_TEST.domain}:{PLAIN}${MAIL_TEST.password}::::::`).join('\n');
  fs.writeFileSync(path.join(dir, 'users'), `${users}\n`);
  execSync(`chown -R dovecot:dovecot ${dir}/mail && chmod 0755 ${dir} ${dir}/mail && chmod 0644 ${dir}/users`);
  fs.writeFileSync(
    path.join(dir, 'dovecot.conf'),
    `# written by scripts/ensure-mail-servers.mjs (tests only)
base_dir = ${dir}/run
state_dir = ${dir}/run/state
protocols = imap lmtp
listen = 127.0.0.1
log_path = ${dir}/dovecot.log
disable_plaintext_auth = no
ssl = no
auth_mechanisms = plain login
mail_location = maildir:${dir}/mail/%d/%n
mail_uid = dovecot
mail_gid = dovecot
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=${dir}/mail/%d/%n
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${MAIL_TEST.imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${MAIL_TEST.lmtpPort}
  }
}
service auth {
  inet_listener {
    address = 127.0.0.1
    port = ${MAIL_TEST.saslPort}
  }
}
protocol lmtp {
  auth_username_format = %u
}
`,
  );
}

function postfixConfig() {
  const settings = {
    inet_interfaces: 'loopback-only',
    inet_protocols: 'ipv4',
    mydestination: 'localhost',
    mynetworks: '127.0.0.0/8',
    virtual_mailbox_domains: MAIL_TEST.domain,
    virtual_transport: `lmtp:inet:127.0.0.1:${MAIL_TEST.lmtpPort}`,
    smtpd_sasl_auth_enable: 'yes',
    smtpd_sasl_type: 'dovecot',
    smtpd_sasl_path: `inet:127.0.0.1:${MAIL_TEST.saslPort}`,
    smtpd_tls_security_level: 'none',
    smtpd_tls_auth_only: 'no',
    smtpd_relay_restrictions: 'permit_mynetworks permit_sasl_authenticated defer_unauth_destination',
    maillog_file: '/var/log/postfix.log',
  };
  execSync(
    `postconf -e ${Object.entries(settings)
      .map(([k, v]) => `'${k}=${v}'`)
      .join(' ')}`,
  );
}

export async function ensureMailServers() {
  if (process.env.MAIL_SERVERS === 'off') return null;
  if ((await imapGreets(MAIL_TEST.imapPort)) && (await reachable(MAIL_TEST.smtpPort))) return MAIL_TEST;
  if (process.getuid?.() !== 0) {
    console.log('Dovecot/Postfix not running and not root: the imap connector tests will be skipped');
    return null;
  }
  install();
  if ((await reachable(MAIL_TEST.imapPort)) && !(await imapGreets(MAIL_TEST.imapPort))) {
    // a test Dovecot left running without its files: stop it and start a whole one
    spawnSync('pkill', ['-f', '^/usr/sbin/dovecot -c .*dovecot.conf'], { stdio: 'inherit' });
    for (let i = 0; i < 40 && (await reachable(MAIL_TEST.imapPort)); i++) await new Promise((r) => setTimeout(r, 250));
  }
  if (!(await reachable(MAIL_TEST.imapPort))) {
    dovecotConfig();
    const r = spawnSync('/usr/sbin/dovecot', ['-c', path.join(dir, 'dovecot.conf')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('dovecot did not start');
    if (!(await waitFor(MAIL_TEST.imapPort))) throw new Error('dovecot is not listening');
  }
  if (!(await reachable(MAIL_TEST.smtpPort))) {
    postfixConfig();
    execSync('postfix start', { stdio: 'inherit' });
    if (!(await waitFor(MAIL_TEST.smtpPort))) throw new Error('postfix is not listening');
  }
  return MAIL_TEST;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await ensureMailServers();
  console.log(
    r ? `mail servers ready: IMAP 127.0.0.1:${r.imapPort}, SMTP 127.0.0.1:${r.smtpPort}` : 'mail servers off',
  );
}
