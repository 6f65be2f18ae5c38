import { useSession } from 'platform';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingText } from '../../components/loading-text';
import { accessRuleFor, decideAccess } from './access-rules';

/** Wraps every area: cabinets for their account type, sign-in pages for guests only. */
export function AccessGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const session = useSession();
  const decision = decideAccess(accessRuleFor(pathname), {
    status: session.status,
    ...(session.status === 'authenticated'
      ? { accountType: session.profile.accountType, accountRole: session.profile.accountRole }
      : {}),
  });
  if (decision.render) return children;
  if ('loading' in decision) return <LoadingText />;
  return <Navigate to={decision.redirect} replace />;
}
