import { useEffect } from 'react';
import { Layout } from './components/layout.js';
import { signInPath } from './router/match-route.js';
import { useRouter } from './router/router.js';
import { AccountPage } from './routes/account/account-page.js';
import { InfographicPage } from './routes/infographics/infographic-page.js';
import { InfographicsPage } from './routes/infographics/infographics-page.js';
import { NewVideoPage } from './routes/new-video/new-video-page.js';
import { SignInPage } from './routes/sign-in-page.js';
import { VideoPage } from './routes/video/video-page.js';
import { VideosPage } from './routes/videos-page.js';
import { useSession } from './session/session-context.js';

/** The app: the sign-in page for visitors, the signed-in pages for the rest. */
export function App() {
  const { route, path, navigate } = useRouter();
  const { session, loadError } = useSession();

  useEffect(() => {
    // A visitor without a session goes to sign-in, and comes back here afterwards.
    if (session === null && route.page !== 'sign-in') navigate(signInPath(path), { replace: true });
  }, [session, route.page, path, navigate]);

  useEffect(() => {
    const titles: Record<string, string> = {
      videos: 'Videos', 'new-video': 'New video', video: 'Video', infographics: 'Infographics',
      infographic: 'Infographic', account: 'Account', 'sign-in': 'Sign in', 'not-found': 'Not found',
    };
    document.title = `${titles[route.page] ?? 'App'} · service`;
  }, [route.page]);

  if (route.page === 'sign-in') return <SignInPage next={route.next} loadError={loadError} />;
  if (session === undefined || session === null) {
    return (
      <main id="main" className="loading">
        <p role="status">Loading…</p>
      </main>
    );
  }
  return <Layout>{page(route)}</Layout>;
}

function page(route: ReturnType<typeof useRouter>['route']) {
  switch (route.page) {
    case 'videos':
      return <VideosPage />;
    case 'new-video':
      return <NewVideoPage />;
    case 'video':
      return <VideoPage key={route.id} id={route.id} />;
    case 'infographics':
      return <InfographicsPage />;
    case 'infographic':
      return <InfographicPage key={route.id} id={route.id} />;
    case 'account':
      return <AccountPage />;
    default:
      return (
        <section>
          <h1>Not found</h1>
          <p>There is no page at this address.</p>
        </section>
      );
  }
}
