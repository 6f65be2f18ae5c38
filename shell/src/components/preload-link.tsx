import { preloadRemoteFor } from 'platform';
import { Link, type LinkProps } from 'react-router-dom';

/** A link that fetches the remote owning its target when the user shows intent. */
export function PreloadLink({ to, onMouseEnter, onFocus, ...rest }: LinkProps & { to: string }) {
  const preload = () => preloadRemoteFor(new URL(to, window.location.href).pathname);
  return (
    <Link
      to={to}
      onMouseEnter={(event) => {
        preload();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        preload();
        onFocus?.(event);
      }}
      {...rest}
    />
  );
}
