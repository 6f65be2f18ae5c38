import { registerNamespace, routePatterns } from 'platform';
import { Route, Routes } from 'react-router-dom';
import { AuthNotFound } from '../components/auth-not-found';
import { ConfirmEmailPage } from '../features/email-change/components/confirm-email-page';
import { LoginPage } from '../features/login/components/login-page';
import { ForgotPasswordPage } from '../features/password-recovery/components/forgot-password-page';
import { RestorePasswordPage } from '../features/password-recovery/components/restore-password-page';
import { RegisterPage } from '../features/registration/components/register-page';
import { AuthLayout } from './auth-layout';

registerNamespace('auth', new URL('locales/', __webpack_public_path__).href);

/** The sign-in screens (guest-only) and the e-mail confirmation link (open to anyone); the shell mounts this below `*`, so full paths match. */
export default function AuthRoutes() {
  return (
    <Routes>
      <Route element={<AuthLayout />}>
        <Route path={routePatterns.login} element={<LoginPage />} />
        <Route path={routePatterns.register} element={<RegisterPage />} />
        <Route path={routePatterns.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={routePatterns.restorePassword} element={<RestorePasswordPage />} />
        <Route path={routePatterns.confirmEmail} element={<ConfirmEmailPage />} />
        <Route path="*" element={<AuthNotFound />} />
      </Route>
    </Routes>
  );
}
