import { describe, expect, it } from 'vitest';
import { DOCKED_WIDTH, ICON_RIGHT, iconPlacement } from './AiFloatingIcon';

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
