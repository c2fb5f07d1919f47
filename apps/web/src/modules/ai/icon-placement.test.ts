import { describe, expect, it } from 'vitest';
import { DOCKED_WIDTH, ICON_RIGHT, iconPlacement } from './AiFloatingIcon';

// i18n loads its language pack on import: wait for it, or the load can outlive the test environment.
await (await import('../../platform/i18n')).i18nReady;

describe('AI icon placement', () => {
  it('docks to the right edge as a narrow tab at 1280 px and on phones, off the page content', () => {
    for (const w of [390, 900, 1280, 1440]) {
      expect(iconPlacement(w)).toMatchObject({ right: 0, width: DOCKED_WIDTH });
    }
  });

  it('keeps the spec round icon where the window is wide', () => {
    expect(iconPlacement(1920)).toEqual({ right: ICON_RIGHT });
  });
});
