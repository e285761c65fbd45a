/** A tiny history router for paths under /admin: enough for a handful of pages and one detail route. */
import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export const BASE = '/admin';

const listeners = new Set<() => void>();
function notify(): void {
  for (const listener of listeners) listener();
}
if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

/** The app path without the /admin prefix: `/`, `/customers`, `/customers/cust_1`. */
export function currentPath(): string {
  const path = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : window.location.pathname;
  return path === '' ? '/' : path.replace(/\/+$/, '') || '/';
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = to.startsWith(BASE) ? to : `${BASE}${to === '/' ? '' : to}`;
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.scrollTo(0, 0);
  notify();
}

export function useLocation(): { path: string; search: URLSearchParams } {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const listener = () => setVersion((v) => v + 1);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return { path: currentPath(), search: new URLSearchParams(window.location.search) };
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** An ordinary link (open in a new tab works) that navigates in place on a plain click. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const href = to.startsWith(BASE) ? to : `${BASE}${to === '/' ? '' : to}`;
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
