import { StandaloneApp } from 'platform';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'shared-ui/toast';
import AuthRoutes from './app/routes';

/** In production the shell mounts the toaster; standalone brings its own. */
function StandaloneToaster() {
  const { t } = useTranslation('auth');
  return <Toaster label={t('layout.toastLabel')} closeLabel={t('layout.toastClose')} />;
}

// The shell renders these pages without its header and footer, inside its <main>.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(<StandaloneApp routes={<AuthRoutes />} after={<StandaloneToaster />} fullWidth />);
}
