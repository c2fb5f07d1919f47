import { describe, expect, it } from 'vitest';
import { DOWNLOAD_CENTER_PATH, exportReadyNotice } from './export-ready';

describe('export-ready notice', () => {
  it('is shown for the message an export sends when its file arrives', () => {
    expect(
      exportReadyNotice({ type: 'system', link: DOWNLOAD_CENTER_PATH, title: 'Export ready: Users.xlsx' }),
    ).toEqual({ text: 'Export ready: Users.xlsx' });
  });

  it('is not shown for other messages', () => {
    expect(exportReadyNotice({ type: 'approval', link: DOWNLOAD_CENTER_PATH, title: 'x' })).toBeNull();
    expect(exportReadyNotice({ type: 'system', link: '/message/notification', title: 'x' })).toBeNull();
    expect(exportReadyNotice({ type: 'system', link: null, title: 'x' })).toBeNull();
  });
});
