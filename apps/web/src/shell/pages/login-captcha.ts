import { SpecialCodes } from '@portal/contracts';
import type { ApiError } from '../../platform/api-error';

/** Whether a failed sign-in means the captcha row must show (and a new image be fetched). */
export function captchaNeededAfter(error: Pick<ApiError, 'code' | 'data'>): boolean {
  if (error.code === SpecialCodes.CAPTCHA_REQUIRED || error.code === SpecialCodes.CAPTCHA_WRONG) return true;
  if (error.code === SpecialCodes.BAD_CREDENTIALS) {
    const data = error.data as { captchaRequired?: unknown } | null;
    return data?.captchaRequired === true;
  }
  return false;
}
