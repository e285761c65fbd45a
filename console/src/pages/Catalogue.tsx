/**
 * The catalogue, for admins and owners: what the studio offers (services with their options, passes, videos,
 * subscription plans, vouchers) and who gives appointments (facilitators with their working hours). One tab
 * each, shown to a role that may write it.
 */
import { Link } from '../router.tsx';
import { can, useSession } from '../session.tsx';
import { PageHeader } from '../ui.tsx';
import { Facilitators } from './catalogue/Facilitators.tsx';
import { Passes } from './catalogue/Passes.tsx';
import { Plans } from './catalogue/Plans.tsx';
import { Services } from './catalogue/Services.tsx';
import { Videos } from './catalogue/Videos.tsx';
import { Vouchers } from './catalogue/Vouchers.tsx';

const TABS = [
  { path: 'services', name: 'Services', scope: 'appointment-catalogue:manage', page: Services },
  { path: 'facilitators', name: 'Facilitators', scope: 'appointment-catalogue:manage', page: Facilitators },
  { path: 'passes', name: 'Passes', scope: 'passes:write', page: Passes },
  { path: 'videos', name: 'Videos', scope: 'media:write', page: Videos },
  { path: 'plans', name: 'Subscription plans', scope: 'subscription-plans:write', page: Plans },
  { path: 'vouchers', name: 'Vouchers', scope: 'vouchers:write', page: Vouchers },
] as const;

export function Catalogue({ path }: { path: string }) {
  const { me } = useSession();
  const tabs = TABS.filter((t) => can(me, t.scope));
  const asked = path.slice('/catalogue/'.length);
  const tab = tabs.find((t) => t.path === asked) ?? tabs[0]!;
  const Page = tab.page;
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Catalogue" />
      <nav className="tabs" aria-label="Catalogue sections">
        <ul>
          {tabs.map((t) => (
            <li key={t.path}>
              <Link to={`/catalogue/${t.path}`} aria-current={t === tab ? 'page' : undefined}>
                {t.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Page key={tab.path} title={tab.name} />
    </section>
  );
}
