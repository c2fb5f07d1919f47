import { Errors } from '@portal/contracts';
import type { ApiError } from '../../platform/api-error';

/** Whether a failed sign-in means the captcha row must show (and a new image be fetched). */
export function captchaNeededAfter(error: Pick<ApiError, 'code' | 'data'>): boolean {
  if (error.code === Errors.CAPTCHA_REQUIRED.code || error.code === Errors.CAPTCHA_WRONG.code) return true;
  if (error.code === Errors.BAD_CREDENTIALS.code) {
    const data = error.data as { captchaRequired?: unknown } | null;
    return data?.captchaRequired === true;
  }
  return false;
}
