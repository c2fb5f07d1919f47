import { create } from 'zustand';

const KEY = 'portal.mail.account';

interface CurrentMailbox {
  /** the mailbox picked in the switcher; null: the first bound one (the server's default) */
  accountId: number | null;
  pick(accountId: number | null): void;
}

const stored = () => {
  const v = Number(globalThis.localStorage?.getItem(KEY));
  return Number.isInteger(v) && v > 0 ? v : null;
};

/** Which of the user's mailboxes the mail screens show (kept across reloads on this browser). */
export const useCurrentMailbox = create<CurrentMailbox>()((set) => ({
  accountId: stored(),
  pick: (accountId) => {
    if (accountId) globalThis.localStorage?.setItem(KEY, String(accountId));
    else globalThis.localStorage?.removeItem(KEY);
    set({ accountId });
  },
}));

/** `{ accountId }` for calls on "my mailbox" (empty when the default one is shown). */
export const currentAccount = (): { accountId?: number } => {
  const id = useCurrentMailbox.getState().accountId;
  return id ? { accountId: id } : {};
};
