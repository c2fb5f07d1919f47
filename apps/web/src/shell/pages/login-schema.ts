/** The sign-in request's schema on its own (a dynamic import of the contracts barrel would take every schema). */
export { passwordGrant } from '@portal/contracts';
