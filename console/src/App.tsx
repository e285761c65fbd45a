import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { onSignedOut, request, ApiError } from './api.ts';
import { MeQuery, SignOutMutation } from './documents.ts';
import { Link, navigate, useLocation } from './router.tsx';
import { setServiceTime } from './clock.ts';
import { closeLive } from './live.ts';
import { SECTIONS, SessionContext, mayOpen, type Me, type Section } from './session.tsx';
import { ErrorText, Loading } from './ui.tsx';
import { SignIn } from './pages/SignIn.tsx';
import { ApiClients } from './pages/ApiClients.tsx';
import { Webhooks } from './pages/Webhooks.tsx';
import { AuditLog } from './pages/AuditLog.tsx';
import { Catalogue } from './pages/Catalogue.tsx';
import { Customers } from './pages/Customers.tsx';
import { CustomerProfile } from './pages/CustomerProfile.tsx';
import { Appointments } from './pages/Appointments.tsx';
import { Events } from './pages/Events.tsx';
import { Schedule } from './pages/Schedule.tsx';
import { Today } from './pages/Today.tsx';
import { Users } from './pages/Users.tsx';

/** Reports draw with Chart.js, which only that page needs: it loads when the page is first opened. */
const Reports = lazy(() => import('./pages/Reports.tsx').then((m) => ({ default: m.Reports })));

type Auth = { state: 'loading' } | { state: 'signed-out'; reason?: string } | { state: 'signed-in'; me: Me } | { state: 'failed'; error: ApiError };

export function App() {
  const [auth, setAuth] = useState<Auth>({ state: 'loading' });
  const { path, search } = useLocation();

  const load = useCallback(async () => {
    try {
      const { me } = await request(MeQuery);
      if (me) setServiceTime(me.now);
      setAuth(me ? { state: 'signed-in', me } : { state: 'signed-out' });
    } catch (error) {
      setAuth({ state: 'failed', error: error as ApiError });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(
    () =>
      onSignedOut(() => {
        closeLive();
        setAuth({ state: 'signed-out', reason: 'Your session ended. Sign in again.' });
      }),
    [],
  );

  // Signed out: every page but sign-in goes there, remembering where it was going.
  useEffect(() => {
    if (auth.state === 'signed-out' && path !== '/sign-in') {
      const next = `/admin${path === '/' ? '' : path}${window.location.search}`;
      navigate(`/sign-in?next=${encodeURIComponent(next)}`, { replace: true });
    }
    if (auth.state === 'signed-in' && path === '/sign-in') {
      const next = search.get('next');
      if (next?.startsWith('/admin/explorer')) window.location.assign(next);
      else navigate(next?.startsWith('/admin') ? next : '/', { replace: true });
    }
  }, [auth, path, search]);

  // Focus the page title after a navigation, so screen readers announce the new page.
  useEffect(() => {
    document.getElementById('page-title')?.focus({ preventScroll: true });
  }, [path]);

  const signOut = useCallback(async () => {
    try {
      closeLive();
      await request(SignOutMutation);
    } finally {
      setAuth({ state: 'signed-out', reason: 'You are signed out.' });
      navigate('/sign-in', { replace: true });
    }
  }, []);

  if (auth.state === 'loading')
    return (
      <main className="center">
        <Loading label="Opening the console…" />
      </main>
    );
  if (auth.state === 'failed')
    return (
      <main className="center">
        <h1>The console cannot start</h1>
        <ErrorText error={auth.error} />
        <button type="button" onClick={() => void load()}>
          Try again
        </button>
      </main>
    );
  if (auth.state === 'signed-out' || path === '/sign-in')
    return (
      <SignIn
        notice={auth.state === 'signed-out' ? auth.reason : undefined}
        onSignedIn={(me) => {
          setServiceTime(me.now);
          setAuth({ state: 'signed-in', me });
        }}
      />
    );

  const me = auth.me;
  return (
    <SessionContext.Provider value={{ me, signOut }}>
      <Layout me={me} path={path} onSignOut={signOut}>
        <Route me={me} path={path} />
      </Layout>
    </SessionContext.Provider>
  );
}

function Route({ me, path }: { me: Me; path: string }) {
  if (path === '/') {
    const first = SECTIONS.find((s) => mayOpen(me, s));
    return <Home me={me} first={first} />;
  }
  const section = SECTIONS.find((s) => path === s.path || path.startsWith(`${s.path}/`));
  if (!section) return <NotFound />;
  if (!mayOpen(me, section)) return <NotAllowed section={section} me={me} />;
  switch (section.path) {
    case '/today':
      return <Today />;
    case '/catalogue':
      return <Catalogue path={path} />;
    case '/api-clients':
      return <ApiClients />;
    case '/webhooks':
      return <Webhooks />;
    case '/audit':
      return <AuditLog />;
    case '/customers': {
      const id = path.slice('/customers/'.length);
      return path.startsWith('/customers/') && id ? <CustomerProfile id={decodeURIComponent(id)} /> : <Customers />;
    }
    case '/appointments':
      return <Appointments />;
    case '/events':
      return <Events />;
    case '/schedule':
      return <Schedule />;
    case '/users':
      return <Users />;
    case '/reports':
      return (
        <Suspense fallback={<Loading label="Opening reports…" />}>
          <Reports />
        </Suspense>
      );
    default:
      return <NotFound />;
  }
}

function Home({ me, first }: { me: Me; first: Section | undefined }) {
  useEffect(() => {
    if (first) navigate(first.path, { replace: true });
  }, [first]);
  return first ? <Loading /> : <p>Signed in as {me.email}. Your role has no section of the console.</p>;
}

function NotAllowed({ section, me }: { section: Section; me: Me }) {
  useEffect(() => {
    document.title = 'Not allowed · Studio console';
  }, []);
  return (
    <section className="not-allowed" aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        Not allowed
      </h1>
      <p>
        Your role, <strong>{me.role.toLowerCase()}</strong>, cannot use <strong>{section.name}</strong>: it needs{' '}
        {section.scopes.length === 1 ? 'the ' : 'one of the '}
        {section.scopes.map((scope, i) => (
          <span key={scope}>
            {i > 0 && (i === section.scopes.length - 1 ? ' or ' : ', ')}
            <code>{scope}</code>
          </span>
        ))}{' '}
        {section.scopes.length === 1 ? 'permission' : 'permissions'}. Ask an owner of {me.companyName} if you need it.
      </p>
      <p>
        <Link to="/">Back to the console</Link>
      </p>
    </section>
  );
}

function NotFound() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        Page not found
      </h1>
      <p>
        There is no such page in the console. <Link to="/">Back to the console</Link>
      </p>
    </section>
  );
}

function Layout({ me, path, onSignOut, children }: { me: Me; path: string; onSignOut: () => Promise<void>; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);
  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">
          {me.companyName}
          <span className="brand-sub"> · console</span>
        </span>
        <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="main-nav" onClick={() => setMenuOpen((o) => !o)}>
          Menu
        </button>
      </header>
      <nav id="main-nav" className={menuOpen ? 'sidebar open' : 'sidebar'} aria-label="Console">
        <div className="sidebar-inner">
          <p className="sidebar-brand">{me.companyName}</p>
          <ul>
            {SECTIONS.filter((s) => mayOpen(me, s)).map((s) => {
              const current = path === s.path || path.startsWith(`${s.path}/`);
              return (
                <li key={s.path}>
                  <Link to={s.path} aria-current={current ? 'page' : undefined} onClick={() => setMenuOpen(false)}>
                    {s.name}
                  </Link>
                </li>
              );
            })}
            <li>
              <a href="/admin/explorer">Explorer</a>
            </li>
          </ul>
          <div className="who">
            <span className="who-email" title={me.email}>
              {me.email}
            </span>
            <span className="role-badge">{me.role.toLowerCase()}</span>
            <button type="button" className="link-button" onClick={() => void onSignOut()}>
              Sign out
            </button>
          </div>
        </div>
      </nav>
      <main id="main" className="content">
        {children}
      </main>
    </div>
  );
}
