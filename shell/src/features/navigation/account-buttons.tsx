import { PreloadLink } from '../../components/preload-link';
import { useAccountLinks } from '../../lib/use-account-links';

/** The header's and the menus' links into the account areas (`useAccountLinks`). */
export function AccountButtons({
  postClassName,
  officeClassName,
  onNavigate,
}: {
  postClassName?: string;
  officeClassName?: string;
  onNavigate?: () => void;
}) {
  const { post, office } = useAccountLinks(onNavigate);
  return (
    <>
      <PreloadLink to={office.to} className={officeClassName} onClick={office.onClick}>
        {office.label}
      </PreloadLink>
      <PreloadLink to={post.to} className={postClassName} onClick={post.onClick}>
        {post.label}
      </PreloadLink>
    </>
  );
}
