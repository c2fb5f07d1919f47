import type { ExportFormat } from '@portal/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `<title>_<yyyyMMddHHmmss>.<ext>` in UTC. */
export function exportFileName(title: string, format: ExportFormat, at = new Date()): string {
  const stamp = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
  return `${title}_${stamp}.${format}`;
}
