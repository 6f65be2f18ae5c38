import { StandaloneApp } from 'platform';
import { createRoot } from 'react-dom/client';
import AdminRoutes from './app/routes';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StandaloneApp routes={<AdminRoutes />} />);
