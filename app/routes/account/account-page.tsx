import type { Account, BrandKit } from '../../api/types.js';
import { ErrorNotice } from '../../components/error-notice.js';
import { useLoad } from '../../components/use-load.js';
import { formatCredits } from '../../format/format.js';
import { useApi } from '../../session/session-context.js';
import { ApiKeysSection } from './api-keys-section.js';
import { ConnectionsSection } from './connections-section.js';
import { LedgerSection } from './ledger-section.js';

function Swatch({ color, name }: { color: string; name: string }) {
  return (
    <span className="swatch-item">
      <span className="swatch" style={{ background: color }} aria-hidden="true" /> {name} {color}
    </span>
  );
}

/** Balance and plan, ledger, API keys, brand kits, OAuth connections. */
export function AccountPage() {
  const api = useApi();
  const account = useLoad(() => api.get<Account>('../v1/account'), 'account');
  const kits = useLoad(() => api.get<{ brand_kits: BrandKit[] }>('../v1/brand-kits'), 'brand-kits');
  return (
    <section>
      <h1>Account</h1>
      <ErrorNotice error={account.error} />
      {account.data === undefined ? null : (
        <dl className="facts">
          <div>
            <dt>Balance</dt>
            <dd>{formatCredits(account.data.balance)} credits</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{account.data.plan}</dd>
          </div>
          <div>
            <dt>Renders left this month</dt>
            <dd>
              {account.data.renders_remaining} of {account.data.monthly_renders}
            </dd>
          </div>
        </dl>
      )}
      <LedgerSection />
      <ApiKeysSection />
      <section aria-labelledby="kits-title">
        <h2 id="kits-title">Brand kits</h2>
        <ErrorNotice error={kits.error} />
        {kits.data !== undefined && kits.data.brand_kits.length === 0 ? <p>No brand kits. The node&apos;s operator adds them with the command line.</p> : null}
        <ul className="card-list">
          {(kits.data?.brand_kits ?? []).map((kit) => (
            <li key={kit.id}>
              <strong>{kit.name}</strong>
              {kit.description === '' ? null : <span className="meta"> · {kit.description}</span>}
              <br />
              <Swatch color={kit.colors.primary} name="primary" /> <Swatch color={kit.colors.secondary} name="secondary" /> <Swatch color={kit.colors.accent} name="accent" />
              <span className="meta">
                {' '}
                · fonts {kit.fonts.heading} / {kit.fonts.body}
                {kit.has_logo ? ' · with logo' : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <ConnectionsSection />
    </section>
  );
}
