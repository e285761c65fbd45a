import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '../api.ts';
import { SignInMutation } from '../documents.ts';
import type { Me } from '../session.tsx';
import { ErrorText } from '../ui.tsx';

export function SignIn({ notice, onSignedIn }: { notice?: string; onSignedIn: (me: Me) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string>();
  const signIn = useMutation(SignInMutation);
  useEffect(() => {
    document.title = 'Sign in · Studio console';
  }, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setMissing('Enter your email and your password.');
      return;
    }
    setMissing(undefined);
    const result = await signIn.run({ email: email.trim(), password });
    if (result) onSignedIn(result.signIn);
  };
  return (
    <main className="sign-in">
      <form className="card" onSubmit={(event) => void submit(event)} aria-labelledby="sign-in-title" noValidate>
        <h1 id="sign-in-title">Sign in to the studio console</h1>
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        <div className="field">
          <label htmlFor="email">Email</label>
          <input
            id="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby={missing || signIn.error ? 'sign-in-error' : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <input
            id="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={missing || signIn.error ? 'sign-in-error' : undefined}
          />
        </div>
        <ErrorText error={missing ?? signIn.error} id="sign-in-error" />
        <button type="submit" className="primary" disabled={signIn.busy}>
          {signIn.busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="hint">
          Owners add people with <code>npm run admin -- user create</code>. A new installation writes the demo owner's password to{' '}
          <code>DATA_DIR/demo-credentials.json</code>.
        </p>
      </form>
    </main>
  );
}
