import { useEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../api/api-error.js';
import { Link, useRouter } from '../router/router.js';
import { useSession } from '../session/session-context.js';
import { BrandName } from './brand-mark.js';

const NAV = [
  { to: 'videos', label: 'Videos', pages: ['videos', 'video'] },
  { to: 'videos/new', label: 'New video', pages: ['new-video'] },
  { to: 'infographics', label: 'Infographics', pages: ['infographics', 'infographic'] },
  { to: 'account', label: 'Account', pages: ['account'] },
];

/** The page frame: skip link, header with the product's name, the navigation and sign-out, and the page as `<main>`. */
export function Layout({ children }: { children: ReactNode }) {
  const { route, path, navigate } = useRouter();
  const firstPath = useRef(path);
  const { session, signOut } = useSession();
  const [signOutError, setSignOutError] = useState<string | undefined>(undefined);
  useEffect(() => {
    // After a navigation inside the app, focus goes to the new page (as a page load would put it at the top).
    if (path !== firstPath.current) document.getElementById('main')?.focus({ preventScroll: true });
  }, [path]);
  const onSignOut = () => {
    signOut().then(
      () => navigate('sign-in', { replace: true }),
      (error: unknown) => setSignOutError(errorMessage(error)),
    );
  };
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="videos" className="brand-link">
          <BrandName size={28} />
        </Link>
        <nav aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} ariaCurrent={item.pages.includes(route.page)}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {session ? (
          <div className="account-menu">
            <span className="account-name">{session.account.name || session.account.email}</span>
            <button type="button" onClick={onSignOut}>
              Sign out
            </button>
          </div>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        {signOutError === undefined ? null : (
          <p className="notice notice-error" role="alert">
            {signOutError}
          </p>
        )}
        {children}
      </main>
    </>
  );
}
