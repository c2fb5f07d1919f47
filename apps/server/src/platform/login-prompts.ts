import type { Locale } from '@portal/contracts';
import type { AuthContext } from './auth/context.js';

/** A sign-in prompt a module has for one user (the shell shows it once per session and id). */
export interface LoginPromptText {
  id: number;
  title: string;
  content: string;
}

export type LoginPromptProvider = (auth: AuthContext, locale: Locale) => Promise<LoginPromptText | null>;

/**
 * Modules' sign-in prompts for a user ("3 of your customers return to the open sea within 3 days");
 * the home room answers the configured prompt first, else the first module's that has one.
 */
export class LoginPromptRegistry {
  private readonly providers = new Map<string, LoginPromptProvider>();

  register(owner: string, provider: LoginPromptProvider) {
    this.providers.set(owner, provider);
  }

  async first(auth: AuthContext, locale: Locale): Promise<LoginPromptText | null> {
    for (const provider of this.providers.values()) {
      const prompt = await provider(auth, locale);
      if (prompt) return prompt;
    }
    return null;
  }
}
