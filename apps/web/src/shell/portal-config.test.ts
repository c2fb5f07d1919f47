import { describe, expect, it } from 'vitest';
import { envName, externalLink, safeUrl, subAppBase, subAppSrc } from './portal-config';

describe('embedded sub-application address', () => {
  const target = { app: 'crm', pathname: '/crm/open-sea', search: '?level=A' };

  it('is the configured base of the sub-app followed by path and query', () => {
    expect(subAppSrc(target, { subApps: { crm: 'https://crm.example.com/' } }, {})).toBe(
      'https://crm.example.com/crm/open-sea?level=A',
    );
  });

  it('prefers a frame configured under the menu node’s iframeName', () => {
    const t = { app: 'businessOperations', frameName: 'voip-voice-test', pathname: '/x', search: '?a=1' };
    const config = { subApps: { 'voip-voice-test': 'https://voip.example/test?lang=zh', businessOperations: '/ops' } };
    expect(subAppSrc(t, config, {})).toBe('https://voip.example/test?lang=zh&a=1');
    expect(subAppSrc({ ...t, frameName: 'other' }, config, {})).toBe('/ops/x?a=1');
  });

  it('reads VITE_SUBAPP_<APP> when the page has no configuration', () => {
    expect(envName('businessOperations')).toBe('BUSINESSOPERATIONS');
    expect(envName('voip-voice-test')).toBe('VOIP_VOICE_TEST');
    expect(subAppSrc(target, undefined, { VITE_SUBAPP_CRM: 'https://env.example' })).toBe(
      'https://env.example/crm/open-sea?level=A',
    );
  });

  it('is null with nothing configured, and never a script URL', () => {
    expect(subAppSrc(target, undefined, {})).toBeNull();
    expect(subAppSrc(target, { subApps: { crm: 'javascript:alert(1)' } }, {})).toBeNull();
    expect(safeUrl('//evil.example')).toBeNull();
  });
});

describe('external top-navigation links', () => {
  it('come from the page configuration or VITE_EXTERNAL_<NAME>', () => {
    expect(externalLink('IMFS', { externalLinks: { IMFS: 'https://imfs.example' } }, {})).toBe('https://imfs.example');
    expect(externalLink('NWP', undefined, { VITE_EXTERNAL_NWP: 'https://nwp.example' })).toBe('https://nwp.example');
  });

  it('are hidden (null) without an absolute http(s) address', () => {
    expect(externalLink('MONITOR', undefined, {})).toBeNull();
    expect(externalLink('BIBOARD', { externalLinks: { BIBOARD: '/relative' } }, {})).toBeNull();
  });
});

describe('server-injected configuration', () => {
  it('matches keys the way environment names do', () => {
    const cfg = {
      subApps: { businessoperations: 'https://ops.example/app' },
      externalLinks: { imfs: 'https://imfs.example' },
    };
    expect(subAppBase('businessOperations', cfg, {})).toBe('https://ops.example/app');
    expect(subAppBase('crm', cfg, {})).toBeNull();
  });
});
