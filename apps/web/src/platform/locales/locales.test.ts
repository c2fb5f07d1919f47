import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zhCN } from './zh-CN';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [lk, lv] of leaves(v, key)) out.set(lk, lv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locale resources', () => {
  const zh = leaves(zhCN);
  const english = leaves(en);

  it('have the same keys', () => {
    expect([...english.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  it('have no empty texts', () => {
    for (const [key, text] of [...zh, ...english]) expect(text.trim(), key).not.toBe('');
  });

  it('use the same interpolation variables in both languages', () => {
    for (const [key, text] of zh) expect(placeholders(english.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('use the texts the spec gives in Chinese exactly', () => {
    expect(zhCN.errors.notFound).toBe('页面不存在');
    expect(zhCN.errors.forbidden).toBe('暂无权限，请联系管理员');
    expect(zhCN.http.exportFailed).toBe('导出失败');
    expect(zhCN.http.downloadFailed).toBe('下载失败');
    expect(zhCN.errors.upgraded).toBe('系统已升级到新版本');
    expect(zhCN.tour.skip).toBe('跳过');
    expect(zhCN.tour.next).toBe('下一步');
    expect(zhCN.tour.done).toBe('我知道了');
  });
});
