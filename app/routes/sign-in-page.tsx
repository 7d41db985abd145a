import { useEffect, useState, type FormEvent } from 'react';
import { BrandName } from '../components/brand-mark.js';
import { InputField } from '../components/fields.js';
import { useRouter } from '../router/router.js';
import { useSession } from '../session/session-context.js';
import { signInMessage } from '../session/sign-in-message.js';

/** Sign in with the account's email and password, then go back to `next`. */
export function SignInPage({ next, loadError }: { next: string; loadError: string | undefined }) {
  const { session, signIn } = useSession();
  const { navigate } = useRouter();
  useEffect(() => {
    // Already signed in (a bookmarked sign-in page, the back button): straight on.
    if (session) navigate(next, { replace: true });
  }, [session, next, navigate]);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    // On success the session changes and the effect above moves on.
    signIn(email, password).catch((failure: unknown) => {
      setError(signInMessage(failure));
      setBusy(false);
    });
  };

  return (
    <main id="main" className="sign-in">
      <header className="sign-in-brand">
        <BrandName size={44} />
        <p className="tagline">Videos and infographics from a prompt, made on your own machine.</p>
      </header>
      <div className="sign-in-card">
        <h1>Sign in</h1>
        {loadError === undefined ? null : (
          <p className="notice notice-error" role="alert">
            Could not check your session: {loadError}
          </p>
        )}
        <form onSubmit={onSubmit} aria-describedby={error === undefined ? undefined : 'sign-in-error'}>
          <InputField label="Email" type="email" value={email} onChange={setEmail} required autoComplete="username" />
          <InputField label="Password" type="password" value={password} onChange={setPassword} required autoComplete="current-password" />
          <div className="status-line" aria-live="polite" id="sign-in-error">
            {error === undefined ? null : <p className="field-error">{error}</p>}
          </div>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </div>
    </main>
  );
}
