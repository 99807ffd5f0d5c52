import { createRoute } from '@tanstack/react-router';
import { FORGOT_PAGE, RESET_PAGE } from '../../domain/passwordReset';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

/**
 * /auth/forgot and /auth/reset?token=…: password reset by email. Beside the sign-in screen, not in
 * it: they are open to a signed-in rep too (a link opened on a phone where someone else is signed
 * in), and the server's sign-in pages rule (api/auth/signInPages.ts) does not send anyone away from them.
 */
export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: FORGOT_PAGE,
  component: lazyScreen(
    () => import('../features/auth/ForgotPasswordScreen'),
    'ForgotPasswordScreen',
  ),
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: RESET_PAGE,
  validateSearch: optionalTextParams('token'),
  component: lazyScreen(
    () => import('../features/auth/ResetPasswordScreen'),
    'ResetPasswordScreen',
  ),
});
