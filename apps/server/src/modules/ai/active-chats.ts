import type { EventBus } from '../../platform/events/bus.js';

/** Stop a chat (id = chat uuid): the process writing it aborts its provider. */
export const CHAT_STOP = 'ai.chat.stop';

/**
 * The answers this process is writing, by chat uuid. A stop reaches the writing process through
 * the bus when it arrived at another one.
 */
export class ActiveChats {
  private readonly running = new Map<string, AbortController>();
  constructor(private readonly bus: EventBus) {}

  start(chatUuid: string): AbortController {
    const c = new AbortController();
    this.running.set(chatUuid, c);
    return c;
  }

  finish(chatUuid: string) {
    this.running.delete(chatUuid);
  }

  get size() {
    return this.running.size;
  }

  /** Aborts here if this process writes the chat, else tells the others. */
  async stop(chatUuid: string) {
    if (!this.abortLocal(chatUuid)) await this.bus.publish(CHAT_STOP, chatUuid);
  }

  private abortLocal(chatUuid: string): boolean {
    const c = this.running.get(chatUuid);
    if (!c) return false;
    c.abort();
    return true;
  }

  listen() {
    return this.bus.subscribe(CHAT_STOP, (uuid) => void this.abortLocal(uuid));
  }

  abortAll() {
    for (const c of this.running.values()) c.abort();
  }
}
