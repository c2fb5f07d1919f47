import type { ResourceNode, UserInfo } from '@portal/contracts';
import { create } from 'zustand';
import { collectKeys, collectRouters } from './resources';

export interface UserState {
  user: UserInfo | null;
  /** menu tree: top-level nodes are modules */
  menus: ResourceNode[];
  /** flat list of button nodes */
  buttons: ResourceNode[];
  /** permission keys of every menu and button node held */
  keys: ReadonlySet<string>;
  /** routers of every menu node held, hidden ones included */
  routers: ReadonlySet<string>;
  setUser: (user: UserInfo, menus: ResourceNode[], buttons: ResourceNode[]) => void;
  reset: () => void;
}

const empty = { user: null, menus: [], buttons: [], keys: new Set<string>(), routers: new Set<string>() };

/** Signed-in user and resources; memory only, loaded on the first navigation with a token. */
export const useUser = create<UserState>()((set) => ({
  ...empty,
  setUser: (user, menus, buttons) =>
    set({
      user,
      menus,
      buttons,
      keys: collectKeys([...menus, ...buttons]),
      routers: collectRouters(menus),
    }),
  reset: () => set(empty),
}));
