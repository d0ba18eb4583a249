// The demo accounts of DESIGN §4 (printed at start).
/** A demo account printed at start (every password is `demo`). */
export interface DemoAccount {
  username: string;
  password: string;
  group: string;
  description: string;
}

export const DEMO_ACCOUNTS: ReadonlyArray<DemoAccount> = [
  { username: 'root', password: 'demo', group: 'Root', description: 'root user: every permission' },
  {
    username: 'admin',
    password: 'demo',
    group: 'Acme Logistics',
    description: 'tenant administrator: every tenant permission',
  },
  {
    username: 'operator',
    password: 'demo',
    group: 'Acme / North DC',
    description: 'things, zones, reports; read-mostly',
  },
  {
    username: 'viewer',
    password: 'demo',
    group: 'Acme Logistics',
    description: 'read-only, gateway and services tabs hidden',
  },
  {
    username: 'nobody',
    password: 'demo',
    group: 'Acme Logistics',
    description: 'no permission at all (home only)',
  },
  {
    username: 'globex',
    password: 'demo',
    group: 'Globex',
    description: 'another tenant: sees none of Acme’s data',
  },
];
