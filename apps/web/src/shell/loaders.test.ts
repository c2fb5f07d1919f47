import { beforeEach, describe, expect, it, vi } from 'vitest';

const load = vi.hoisted(() => ({ loadUserOnce: vi.fn<() => Promise<boolean>>() }));
vi.mock('./bootstrap', () => load);
const token = vi.hoisted(() => ({ held: false }));
vi.mock('../platform/session', () => ({ hasToken: () => token.held }));

const { shellLoader } = await import('./loaders');

const visit = async (path: string): Promise<string | null> => {
  try {
    const request = new Request(`http://portal.test${path}`);
    await shellLoader({ request } as Parameters<typeof shellLoader>[0]);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location');
    throw thrown;
  }
};

describe('shellLoader', () => {
  beforeEach(() => {
    load.loadUserOnce.mockReset().mockResolvedValue(true);
    token.held = false;
  });

  it('lets a visitor without a token open the public /offerManage prefix and nothing else', async () => {
    expect(await visit('/offerManage/quote/view?token=1.2.x')).toBeNull();
    expect(await visit('/crm/customer?id=3')).toBe(
      `/login?id=3&redirect_url=${encodeURIComponent('/crm/customer?id=3')}`,
    );
    expect(load.loadUserOnce).not.toHaveBeenCalled();
  });

  it('loads the signed-in user on a public /offerManage address too, so its menus and keys are there', async () => {
    token.held = true;
    expect(await visit('/offerManage/sms-price-limit')).toBeNull();
    expect(load.loadUserOnce).toHaveBeenCalledTimes(1);
  });

  it('a session that ends while loading leaves a public page open and sends any other to sign-in', async () => {
    token.held = true;
    load.loadUserOnce.mockResolvedValue(false);
    expect(await visit('/offerManage/quote/view?token=1.2.x')).toBeNull();
    expect(await visit('/crm/customer')).toBe('/login');
  });
});
