import { describe, expect, it } from 'vitest';
import { defaultCollapsed, deviceFor, highlightFor, siderWidth } from './layout-mode';

describe('deviceFor', () => {
  it('uses the spec breakpoints 1080 and 768', () => {
    expect(deviceFor(1920)).toBe('pc');
    expect(deviceFor(1080)).toBe('pc');
    expect(deviceFor(1079)).toBe('tablet');
    expect(deviceFor(900)).toBe('tablet');
    expect(deviceFor(769)).toBe('tablet');
    expect(deviceFor(768)).toBe('mobile');
    expect(deviceFor(390)).toBe('mobile');
  });

  it('lays out as mobile whatever the width once the user switched to mobile', () => {
    expect(deviceFor(1920, 'H5')).toBe('mobile');
    expect(deviceFor(1920, 'PC')).toBe('pc');
  });
});

describe('side menu width', () => {
  it('is 221 expanded, 65 collapsed, 0 on mobile', () => {
    expect(siderWidth('pc', false)).toBe(221);
    expect(siderWidth('pc', true)).toBe(65);
    expect(siderWidth('tablet', true)).toBe(65);
    expect(siderWidth('mobile', false)).toBe(0);
  });

  it('starts expanded on PC only', () => {
    expect(defaultCollapsed('pc')).toBe(false);
    expect(defaultCollapsed('tablet')).toBe(true);
    expect(defaultCollapsed('mobile')).toBe(true);
  });
});

describe('highlightFor', () => {
  it('highlights the module and page shown', () => {
    expect(highlightFor({ allowed: true, app: 'general', refusedApp: null, active: '/general/my-agent' })).toEqual({
      current: 'general',
      active: '/general/my-agent',
    });
  });

  it('on the no-permission page highlights the refused module only, never Home or a page', () => {
    expect(highlightFor({ allowed: false, app: 'home', refusedApp: 'setModule', active: '/setModule/x' })).toEqual({
      current: 'setModule',
      active: '',
    });
    expect(highlightFor({ allowed: false, app: 'home', refusedApp: null, active: '/nowhere' })).toEqual({
      current: '',
      active: '',
    });
  });
});
