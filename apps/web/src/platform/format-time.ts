import dayjs from 'dayjs';

/** A moment as every screen shows it: local time to the minute, `empty` for none. */
export const formatTime = (at: string | number | Date | null | undefined, empty = '-'): string =>
  at === null || at === undefined || at === '' ? empty : dayjs(at).format('YYYY-MM-DD HH:mm');
