// Makes sure Debian's Chromium is installed for the end-to-end tests (no browser download of our own).
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  // CJK fonts so screenshots of the zh-CN interface are readable
  if (fs.existsSync(CHROMIUM) && fs.existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'))
    return CHROMIUM;
  if (fs.existsSync(CHROMIUM) && process.getuid?.() !== 0) return CHROMIUM;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium not found at ${CHROMIUM}. Install Debian's package: sudo apt-get install -y chromium`);
  }
  console.log('Installing Chromium and CJK fonts from Debian packages…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk', {
    stdio: 'inherit',
  });
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
